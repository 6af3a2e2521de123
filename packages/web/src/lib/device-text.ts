import type { TFunction } from 'i18next';
import { deviceLine } from '@parley/protocol/rules/message-line';

/**
 * A device in the reader's language: "Chrome sur Android", "Chrome на Android"
 * (protocol's deviceLine with this catalogue's words; the push uses the same
 * rule with PUSH_TEXTS). Browser and system are brand names and stay as they are.
 */
export function deviceText(
  t: TFunction,
  record: { device: string; browser?: string | null; os?: string | null },
): string {
  return deviceLine(record, {
    deviceOn: (parts) => t('device.on', { ...parts, interpolation: { escapeValue: false } }),
    deviceUnknown: t('device.unknown'),
  });
}
