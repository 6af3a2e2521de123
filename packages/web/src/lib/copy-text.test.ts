import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyPlainText, copyText } from './copy-text';

// jsdom is not a secure context and has no navigator.clipboard: as on plain http.
describe('copying a token', () => {
  afterEach(() => vi.unstubAllGlobals());

  const field = () => {
    const input = document.createElement('input');
    input.value = 'secret-token';
    document.body.append(input);
    return input;
  };

  it('without the Clipboard API: selects the text and copies it with execCommand', async () => {
    const input = field();
    const exec = vi.fn(() => true);
    document.execCommand = exec;
    await expect(copyText('secret-token', input)).resolves.toBe('copied');
    expect(exec).toHaveBeenCalledWith('copy');
    expect(input.selectionStart).toBe(0);
    expect(input.selectionEnd).toBe('secret-token'.length);
  });

  it('when nothing can copy, leaves the text selected for the user', async () => {
    const input = field();
    document.execCommand = vi.fn(() => false);
    await expect(copyText('secret-token', input)).resolves.toBe('selected');
    expect(input.selectionEnd).toBe('secret-token'.length);
  });

  it('uses the Clipboard API in a secure context', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('isSecureContext', true);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await expect(copyText('secret-token', field())).resolves.toBe('copied');
    expect(writeText).toHaveBeenCalledWith('secret-token');
  });

  it('copies text from an off-screen field it removes again', async () => {
    let copied = '';
    document.execCommand = vi.fn(() => {
      copied = (document.activeElement as HTMLTextAreaElement).value;
      return true;
    });
    await expect(copyPlainText('Ann, [27/11/2026, 09:01]:\nhi')).resolves.toBe(true);
    expect(copied).toBe('Ann, [27/11/2026, 09:01]:\nhi');
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('reports failure when nothing can copy', async () => {
    document.execCommand = vi.fn(() => false);
    await expect(copyPlainText('x')).resolves.toBe(false);
  });
});
