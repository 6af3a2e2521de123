import { PREVIEW_NAME_CUT } from '../constants';

/** Spec 5: in a group or channel the sender name of the last-message preview is cut at 14 characters plus an ellipsis. */
export function previewSenderName(name: string): string {
  const chars = Array.from(name); // count characters, not UTF-16 units
  return chars.length > PREVIEW_NAME_CUT ? `${chars.slice(0, PREVIEW_NAME_CUT).join('')}…` : name;
}
