import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';

// Where the journeys save screens for a person to look at after a change:
// e2e/screenshots/, git-ignored, whichever directory the run starts from. A
// path relative to the working directory wrote into the repository's root,
// which is committed, and every run dirtied the tree.

export const SCREENSHOTS_DIR = join(import.meta.dirname, '..', 'screenshots');

/** Where the screenshot called `name` goes. */
export function screenshotPath(name: string): string {
  return join(SCREENSHOTS_DIR, `${name}.png`);
}

type ShotOptions = Omit<NonNullable<Parameters<Page['screenshot']>[0]>, 'path'>;

/** Saves a page (or one element of it) as `name`.png under SCREENSHOTS_DIR. */
export function saveScreenshot(
  target: Page | Locator,
  name: string,
  options: ShotOptions = {},
): Promise<Buffer> {
  return target.screenshot({ ...options, path: screenshotPath(name) });
}
