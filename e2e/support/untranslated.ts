import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

// A screen in a locale must show words, not catalogue keys: a key missing
// from a catalogue (or a later-loaded catalogue not yet merged) shows as the
// key itself, e.g. "sharedMedia.links". The keys come from the English
// catalogues, which hold every key (the web's unit tests keep the four alike).

const LOCALES = join(import.meta.dirname, '..', '..', 'packages', 'web', 'src', 'locales');
const catalogue = (file: string) =>
  Object.keys(JSON.parse(readFileSync(join(LOCALES, file), 'utf8')) as Record<string, string>);
/** Dotted keys only: the others are English sentences that are also their own text. */
const KEYS = [...catalogue('en.json'), ...catalogue('later/later-en.json')].filter((k) =>
  /^[A-Za-z]+(\.[A-Za-z0-9-]+)+$/.test(k),
);

/** Everything a person reads or hears on the page: text, labels, titles, placeholders. */
function readable(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [document.body.innerText];
    for (const el of document.querySelectorAll('[aria-label],[title],[placeholder],[alt]')) {
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = el.getAttribute(name);
        if (value) parts.push(value);
      }
    }
    return parts.join('\n');
  });
}

/** No catalogue key shows on the page, and the page does not scroll sideways. */
export async function expectTranslatedAndFitting(page: Page, where: string): Promise<void> {
  const text = await readable(page);
  const shown = KEYS.filter((key) => text.includes(key));
  expect(shown, `${where}: catalogue keys on screen`).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${where}: sideways overflow in px`).toBeLessThanOrEqual(0);
}
