import type { TFunction } from 'i18next';
import { partsOfLabel } from '@parley/protocol/rules/user-agent';
import type { UserAgentParts } from '@parley/protocol/rules/user-agent';

/**
 * A device in the reader's language: "Chrome sur Android", "Chrome на Android".
 * Browser and system are brand names and stay as they are; the word between
 * them is translated. Records without the parts (older sign-in notices) are
 * read back from their English label.
 */
export function deviceText(
  t: TFunction,
  record: { device: string; browser?: string | null; os?: string | null },
): string {
  const parts: UserAgentParts =
    record.browser === undefined && record.os === undefined
      ? partsOfLabel(record.device)
      : { browser: record.browser ?? null, os: record.os ?? null };
  if (parts.browser && parts.os) {
    return t('device.on', {
      browser: parts.browser,
      os: parts.os,
      interpolation: { escapeValue: false },
    });
  }
  return parts.browser ?? parts.os ?? t('device.unknown');
}
