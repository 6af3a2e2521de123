// A User-Agent read into a browser and a system name ("Chrome", "Android"),
// for the sessions screen and the sign-in notice. Not a full parser: the names
// only help a person recognise a device, so an approximate answer is fine and
// "unknown" is an honest one. The names are brands and stay as they are in
// every language; the words around them ("on") are the client's to translate.

export type UserAgentParts = { browser: string | null; os: string | null };

// Order matters: browsers built on Chromium also say "Chrome/", and Chrome
// also says "Safari/", so the more specific names are tried first. No \b
// before "Chrome": headless Chromium says "HeadlessChrome/".
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera|OPiOS)\//, 'Opera'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bnode\b|\bundici\b/i, 'Node.js'],
  [/\bcurl\//, 'curl'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

const first = (ua: string, table: [RegExp, string][]) =>
  table.find(([re]) => re.test(ua))?.[1] ?? null;

export function parseUserAgent(userAgent: string | null | undefined): UserAgentParts {
  const ua = userAgent ?? '';
  return { browser: first(ua, BROWSERS), os: first(ua, SYSTEMS) };
}

/**
 * The English label ("Chrome on Linux"), kept with the session for clients
 * that do not compose it themselves; the web composes it in its language.
 */
export function deviceLabel(parts: UserAgentParts): string {
  if (parts.browser && parts.os) return `${parts.browser} on ${parts.os}`;
  return parts.browser ?? parts.os ?? 'Unknown device';
}

/**
 * The parts back from a stored label, for records written before browser and
 * os were kept apart (older sign-in notices): deviceLabel's exact inverse.
 */
export function partsOfLabel(label: string): UserAgentParts {
  if (label === 'Unknown device' || label === '') return { browser: null, os: null };
  const on = label.lastIndexOf(' on ');
  if (on > 0) return { browser: label.slice(0, on), os: label.slice(on + 4) };
  const os = SYSTEMS.some(([, name]) => name === label);
  return os ? { browser: null, os: label } : { browser: label, os: null };
}
