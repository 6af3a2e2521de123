import { PREVIEW_NAME_CUT } from '../constants';

/** Cuts text at `max` characters (not UTF-16 units) plus an ellipsis; shorter text is kept. */
export function cutChars(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
}

/** Spec 5: in a group or channel the sender name of the last-message preview is cut at 14 characters plus an ellipsis. */
export function previewSenderName(name: string): string {
  return cutChars(name, PREVIEW_NAME_CUT);
}
