// The few XMPP elements the ejabberd reference's load generator writes, and a
// scanner for the deliveries it reads. XMPP over WebSocket (RFC 7395) carries
// one whole element per frame, so, as frame-scan.ts does for Parley's frames,
// a delivery is read with a few string searches instead of an XML parse: the
// load generator's own delay counts as latency. ejabberd (fast_xml) writes
// attributes in single quotes and escapes text; the bench's texts hold
// nothing to escape, and anything unexpected returns null (an error there).

export const XMPP_DOMAIN = 'localhost';
export const MUC_DOMAIN = `conference.${XMPP_DOMAIN}`;
const SM = 'urn:xmpp:sm:3';

export const open = (): string =>
  `<open xmlns="urn:ietf:params:xml:ns:xmpp-framing" to="${XMPP_DOMAIN}" version="1.0"/>`;

/** SASL PLAIN (RFC 4616): authzid empty, then user and password, NUL-separated; loopback only. */
export const authPlain = (user: string, password: string): string =>
  `<auth xmlns="urn:ietf:params:xml:ns:xmpp-sasl" mechanism="PLAIN">${Buffer.from(
    `\0${user}\0${password}`,
  ).toString('base64')}</auth>`;

export const bind = (resource: string): string =>
  `<iq type="set" id="bind"><bind xmlns="urn:ietf:params:xml:ns:xmpp-bind"><resource>${resource}</resource></bind></iq>`;

/** Stream management (XEP-0198): what real clients use for delivery acks and resumption. */
export const enableSm = (): string => `<enable xmlns="${SM}"/>`;
export const requestAck = (): string => `<r xmlns="${SM}"/>`;
export const ack = (handled: number): string => `<a xmlns="${SM}" h="${handled}"/>`;

/** Initial presence: makes the session available, so messages to the bare JID reach it. */
export const presence = (): string => '<presence/>';

/** Joins a MUC room (XEP-0045) without its in-memory history. */
export const joinRoom = (room: string, nick: string): string =>
  `<presence to="${room}@${MUC_DOMAIN}/${nick}"><x xmlns="http://jabber.org/protocol/muc"><history maxstanzas="0"/></x></presence>`;

export const groupMessage = (room: string, id: string, text: string): string =>
  `<message to="${room}@${MUC_DOMAIN}" type="groupchat" id="${id}"><body>${text}</body></message>`;

export const chatMessage = (user: string, id: string, text: string): string =>
  `<message to="${user}@${XMPP_DOMAIN}" type="chat" id="${id}"><body>${text}</body></message>`;

/** A top-level stanza (counted for XEP-0198's `h`), as opposed to a nonza like `<r/>`. */
export function isStanza(frame: string): boolean {
  return frame.startsWith('<message') || frame.startsWith('<presence') || frame.startsWith('<iq');
}

export const isAckRequest = (frame: string): boolean => frame.startsWith('<r ');

/** `h` of a server's `<a h='N'/>`, or null for any other frame. */
export function ackCount(frame: string): number | null {
  if (!frame.startsWith('<a ')) return null;
  const m = /\bh='(\d+)'/.exec(frame);
  return m ? Number(m[1]) : null;
}

/** MUC self-presence (status 110): the join is complete. */
export const isSelfPresence = (frame: string): boolean =>
  frame.startsWith('<presence') && frame.includes("<status code='110'/>");

export interface ScannedMessage {
  /** The stanza's id attribute: the bench's uuid. */
  id: string;
  text: string;
}

function attribute(frame: string, name: string, end: number): string | null {
  const marker = ` ${name}='`;
  const at = frame.indexOf(marker);
  if (at < 0 || at > end) return null;
  const start = at + marker.length;
  const stop = frame.indexOf("'", start);
  return stop < 0 ? null : frame.slice(start, stop);
}

/** A chat or groupchat message with a body; null for anything else (errors included). */
export function scanMessage(frame: string): ScannedMessage | null {
  if (!frame.startsWith('<message')) return null;
  const tagEnd = frame.indexOf('>');
  const type = attribute(frame, 'type', tagEnd);
  if (type !== 'groupchat' && type !== 'chat') return null;
  const id = attribute(frame, 'id', tagEnd);
  const start = frame.indexOf('<body>', tagEnd);
  const end = frame.indexOf('</body>', start);
  if (id === null || start < 0 || end < 0) return null;
  return { id, text: frame.slice(start + '<body>'.length, end) };
}
