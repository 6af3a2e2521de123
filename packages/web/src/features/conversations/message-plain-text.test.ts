import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { loadFormat } from '../../lib/format-loader';
import { messagePlainText, SPOILER_MASK } from './list-item';

const t = ((key: string) => key) as unknown as TFunction;
const message = { message: '**Moved** to ||Friday||, see example.com', type: 'text' };

// One test in order: the parser's chunk is loaded once per module graph.
describe('messagePlainText', () => {
  it('shows the text as typed (spoiler masked) until the parser loads, then without markers', async () => {
    expect(messagePlainText(message, false, t)).toBe(
      `**Moved** to ${SPOILER_MASK}, see example.com`,
    );
    await loadFormat();
    expect(messagePlainText(message, false, t)).toBe(`Moved to ${SPOILER_MASK}, see example.com`);
    // Server texts are translation keys, never parsed.
    expect(messagePlainText({ message: 'x.**y**', type: 'text' }, true, t)).toBe('x.**y**');
  });
});
