import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FILE_MAX_BYTES_DEFAULT } from '@parley/protocol/file';
import { addToBatch, batchSendable, FILES_AT_ONCE_MAX } from '../file-batch';
import type { BatchFile } from '../file-batch';
import { FilePreviewDialog } from './FilePreviewDialog';

const file = (name: string, size = 10, type = 'text/plain') =>
  new File([new Uint8Array(size)], name, { type });

describe('file batch rules', () => {
  it('keeps at most ten files and says how many were left out', () => {
    const many = Array.from({ length: 12 }, (_, i) => file(`f${i}.txt`));
    const { batch, dropped } = addToBatch([], many);
    expect(batch).toHaveLength(FILES_AT_ONCE_MAX);
    expect(dropped).toBe(2);
    expect(addToBatch(batch, [file('more.txt')]).dropped).toBe(1);
  });

  it('holds the send while a file is over the upload limit', () => {
    const { batch } = addToBatch([], [file('ok.txt'), file('big.bin', FILE_MAX_BYTES_DEFAULT + 1)]);
    expect(batch.map((b) => b.tooLarge)).toEqual([false, true]);
    expect(batchSendable(batch)).toBe(false);
    expect(batchSendable(batch.slice(0, 1))).toBe(true);
    expect(batchSendable([])).toBe(false);
  });
});

function Harness({ initial, onSend }: { initial: File[]; onSend: (caption: string) => void }) {
  const [files, setFiles] = useState<BatchFile[]>(() => addToBatch([], initial).batch);
  const [caption, setCaption] = useState('');
  return (
    <FilePreviewDialog
      files={files}
      caption={caption}
      note={null}
      onCaption={setCaption}
      onRemove={(id) => setFiles((f) => f.filter((item) => item.id !== id))}
      onAdd={(more) => setFiles((f) => addToBatch(f, more).batch)}
      onSend={() => onSend(caption)}
      onCancel={vi.fn()}
    />
  );
}

describe('FilePreviewDialog', () => {
  it('names each file with its size; Shift+Enter breaks the caption, Enter sends', async () => {
    const onSend = vi.fn();
    render(<Harness initial={[file('a.txt', 2048), file('b.txt', 5)]} onSend={onSend} />);
    expect(screen.getAllByTestId('file-preview-item')).toHaveLength(2);
    expect(screen.getByText('2.00 kB')).toBeInTheDocument();
    expect(screen.getByText('5.00 B')).toBeInTheDocument();
    const caption = screen.getByTestId('file-preview-caption');
    expect(caption).toHaveFocus();
    await userEvent.type(caption, 'two{Shift>}{Enter}{/Shift}lines');
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.type(caption, '{Enter}');
    expect(onSend).toHaveBeenCalledWith('two\nlines');
  });

  it('removes a file, and sends only once none is too large', async () => {
    const onSend = vi.fn();
    render(
      <Harness
        initial={[file('small.txt'), file('huge.bin', FILE_MAX_BYTES_DEFAULT + 1)]}
        onSend={onSend}
      />,
    );
    const send = screen.getByTestId('file-preview-send');
    expect(send).toBeDisabled();
    await userEvent.type(screen.getByTestId('file-preview-caption'), '{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.click(screen.getAllByTestId('file-preview-remove')[1]!);
    expect(screen.getAllByTestId('file-preview-item')).toHaveLength(1);
    expect(send).toBeEnabled();
    await userEvent.click(send);
    expect(onSend).toHaveBeenCalledTimes(1);
  });
});
