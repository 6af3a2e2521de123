import { FILE_MESSAGE_TYPES } from '../file';
import { SIGN_IN_MESSAGE_TYPE, signInNoticeSchema } from '../message';
import type { SignInNotice } from '../message';
import { formatDateTime } from './format-date';
import { partsOfLabel } from './user-agent';
import type { UserAgentParts } from './user-agent';

// A message as one line of text: the chat list's preview, the tab's
// notification and the Web Push all say what this says (docs/PUSH.md), so
// a photo is "Photo: look at this" everywhere and a sign-in notice its
// sentence, never "New message" in one place and the caption in another.
// Pure; the words come in already localized (the web from its catalogue,
// the server from PUSH_TEXTS), and the message's own text comes in through
// `plain` (markers stripped, spoilers masked), which each side does its way.

/** A hidden spoiler in a preview or notification: shown as this, never its words. */
export const SPOILER_MASK = '▒▒▒';

export interface MessageLineTexts {
  photo: string;
  file: string;
  /** "Photo: look at this": the label, then the caption (French puts a no-break space before ':'). */
  withCaption: (parts: { label: string; caption: string }) => string;
  /** "New sign-in: {device}, {ip}, {date}" with its parts filled in. */
  signIn: (parts: { device: string; ip: string; date: string }) => string;
  /** A sign-in notice whose body cannot be read. */
  signInUnknown: string;
  /** The notice's device in the reader's language (deviceLine); without it, its English label. */
  device?: (notice: SignInNotice) => string;
}

/**
 * A device in the reader's language from a record's browser and system
 * ("Chrome sur Android"); a record without them (an older notice) is read
 * back from its English label. Brand names stay as they are.
 */
export function deviceLine(
  record: { device: string; browser?: string | null; os?: string | null },
  texts: { deviceOn: (parts: { browser: string; os: string }) => string; deviceUnknown: string },
): string {
  const parts: UserAgentParts =
    record.browser === undefined && record.os === undefined
      ? partsOfLabel(record.device)
      : { browser: record.browser ?? null, os: record.os ?? null };
  if (parts.browser && parts.os) return texts.deviceOn({ browser: parts.browser, os: parts.os });
  return parts.browser ?? parts.os ?? texts.deviceUnknown;
}

/**
 * A message with a file: "Photo" or "File", then its caption when it has
 * one. Other messages: the text as is.
 */
export function withFileLabel(
  type: string | null,
  text: string,
  texts: Pick<MessageLineTexts, 'photo' | 'file' | 'withCaption'>,
): string {
  const label =
    type === FILE_MESSAGE_TYPES.image
      ? texts.photo
      : type === FILE_MESSAGE_TYPES.file
        ? texts.file
        : null;
  if (label === null) return text;
  return text === '' ? label : texts.withCaption({ label, caption: text });
}

/** A sign-in notice's JSON as its sentence (dates in the reader's zone); never the raw JSON. */
export function signInLine(
  body: string,
  texts: Pick<MessageLineTexts, 'signIn' | 'signInUnknown' | 'device'>,
  timeZone: string | null,
): string {
  let notice: SignInNotice | null;
  try {
    const parsed = signInNoticeSchema.safeParse(JSON.parse(body));
    notice = parsed.success ? parsed.data : null;
  } catch {
    notice = null;
  }
  if (!notice) return texts.signInUnknown;
  return texts.signIn({
    device: texts.device ? texts.device(notice) : notice.device,
    ip: notice.ip ?? '—',
    date: formatDateTime(notice.at, timeZone),
  });
}

/**
 * The message in one line. `plain` turns the message's stored text into
 * its words (for the web also a typed notice's sentence); a sign-in notice
 * is rendered here. White space is left to the caller (oneLine, then its cut).
 */
export function messageLine(
  message: { type: string | null; message: string },
  texts: MessageLineTexts,
  options: { timeZone: string | null; plain: (text: string) => string },
): string {
  if (message.type === SIGN_IN_MESSAGE_TYPE)
    return signInLine(message.message, texts, options.timeZone);
  return withFileLabel(message.type, options.plain(message.message), texts);
}

/**
 * Runs of white space as one space, for a line; a no-break space is the
 * language's typography (French "Photo\u00a0: …") and stays.
 */
export function oneLine(text: string): string {
  return text.replace(/(?:(?!\u00a0)\s)+/g, ' ');
}

/** Fills `{{name}}` placeholders (the catalogues' syntax) for texts kept outside i18next. */
export function fillIn(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}
