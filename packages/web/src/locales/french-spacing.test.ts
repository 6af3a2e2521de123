import { describe, expect, it } from 'vitest';
import fr from './fr.json';
import laterFr from './later/later-fr.json';

// French typography: a no-break space (U+00A0, or the narrow U+202F) before
// : ; ! ? and » and after «, so the mark never starts a line and never sits
// against the word ("Vous : …", "Supprimer ?", "« Installer »"). Checked over
// every French text, the later catalogue too.

const NO_BREAK = /[\u00a0\u202f]/;

/** Where a text breaks the rule: each fault as the mark with what precedes it. */
function frenchSpacingFaults(text: string): string[] {
  const faults: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const mark = text[i] ?? '';
    const before = text[i - 1] ?? '';
    if (mark === '«') {
      if (!NO_BREAK.test(text[i + 1] ?? '')) faults.push(text.slice(i, i + 2));
      continue;
    }
    if (!/[:;!?»]/.test(mark) || i === 0) continue;
    // Not punctuation: "https://", "21:05", a doubled mark ("?!").
    if (mark === ':' && text.startsWith('//', i + 1)) continue;
    if (mark === ':' && /\d/.test(before) && /\d/.test(text[i + 1] ?? '')) continue;
    if (/[:;!?]/.test(before) && NO_BREAK.test(text[i - 2] ?? '')) continue;
    if (!NO_BREAK.test(before)) faults.push(text.slice(Math.max(0, i - 1), i + 1));
  }
  return faults;
}

describe('French spacing', () => {
  it('finds a plain space or no space before the marks, and accepts the no-break ones', () => {
    expect(frenchSpacingFaults('Vous : salut')).toEqual([' :']);
    expect(frenchSpacingFaults('Supprimer ?')).toEqual([' ?']);
    expect(frenchSpacingFaults('Bienvenue!')).toEqual(['e!']);
    expect(frenchSpacingFaults('« Installer »')).toEqual(['« ', ' »']);
    expect(frenchSpacingFaults('Vous\u00a0: salut\u202f! «\u00a0Installer\u00a0»')).toEqual([]);
    expect(frenchSpacingFaults('Ouvrez https://example.org à 21:05')).toEqual([]);
  });

  it.each([
    ['fr.json', fr],
    ['later/later-fr.json', laterFr],
  ] as const)('holds in every text of %s', (_name, catalogue) => {
    const faults = Object.entries(catalogue as Record<string, string>)
      .map(([key, text]) => [key, frenchSpacingFaults(text)] as const)
      .filter(([, found]) => found.length > 0);
    expect(faults).toEqual([]);
  });
});
