import { describe, expect, it } from 'vitest';
import { deviceLabel, parseUserAgent, partsOfLabel } from './user-agent';

// Real User-Agent strings of the browsers people sign in with, and of the
// tools that talk to the API; each must name its browser and its system.
const CASES: [string, string | null, string | null][] = [
  [
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
    'Chrome',
    'Linux',
  ],
  // Playwright's and Puppeteer's headless Chromium (the walkthrough saw only "Linux").
  [
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.7339.16 Safari/537.36',
    'Chrome',
    'Linux',
  ],
  [
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
    'Chrome',
    'Android',
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:141.0) Gecko/20100101 Firefox/141.0',
    'Firefox',
    'Windows',
  ],
  [
    'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:141.0) Gecko/20100101 Firefox/141.0',
    'Firefox',
    'Linux',
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
    'Safari',
    'macOS',
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    'Safari',
    'iOS',
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/140.0.0.0 Mobile/15E148 Safari/604.1',
    'Chrome',
    'iOS',
  ],
  [
    'Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/141.0 Mobile/15E148 Safari/605.1.15',
    'Firefox',
    'iOS',
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0',
    'Edge',
    'Windows',
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 OPR/124.0.0.0',
    'Opera',
    'Windows',
  ],
  [
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/28.0 Chrome/130.0.0.0 Mobile Safari/537.36',
    'Samsung Internet',
    'Android',
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 YaBrowser/25.8.0.0 Safari/537.36',
    'Yandex Browser',
    'Windows',
  ],
  [
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
    'Chrome',
    'ChromeOS',
  ],
  ['node', 'Node.js', null],
  ['curl/8.5.0', 'curl', null],
  ['', null, null],
];

describe('parseUserAgent', () => {
  it.each(CASES)('%s', (ua, browser, os) => {
    expect(parseUserAgent(ua)).toEqual({ browser, os });
  });

  it('reads nothing from no header', () => {
    expect(parseUserAgent(undefined)).toEqual({ browser: null, os: null });
    expect(parseUserAgent(null)).toEqual({ browser: null, os: null });
  });
});

describe('deviceLabel', () => {
  it('joins the two names, or says what it knows', () => {
    expect(deviceLabel({ browser: 'Chrome', os: 'Android' })).toBe('Chrome on Android');
    expect(deviceLabel({ browser: 'curl', os: null })).toBe('curl');
    expect(deviceLabel({ browser: null, os: 'Linux' })).toBe('Linux');
    expect(deviceLabel({ browser: null, os: null })).toBe('Unknown device');
  });
});

describe('partsOfLabel', () => {
  it('is the inverse of deviceLabel for every parsed case', () => {
    for (const [ua] of CASES) {
      const parts = parseUserAgent(ua);
      expect(partsOfLabel(deviceLabel(parts))).toEqual(parts);
    }
  });
});
