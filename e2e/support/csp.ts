import { expect } from '@playwright/test';
import type { BrowserContext, Page } from '@playwright/test';

// The server's Content-Security-Policy allows nothing but the app's own
// origin: no inline styles, no other hosts (issue 18). A journey that
// watches its context collects every `securitypolicyviolation` the page
// raises (a refused <style>, style attribute, script, or a connection
// elsewhere) and checks at the end that there was none.

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Before any page of the context loads: record every CSP violation. */
export async function watchCsp(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    window.__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
}

/** The page has raised no CSP violation since it loaded. */
export async function expectNoCspViolations(page: Page): Promise<void> {
  const violations = await page.evaluate(() => window.__cspViolations ?? null);
  expect(violations, 'the CSP watch is installed').not.toBeNull();
  expect(violations).toEqual([]);
}
