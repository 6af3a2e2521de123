// Server messages of the messaging calls. Kept apart from MSG for now: the
// web's i18n test requires every MSG text in every catalogue, and the web
// catalogues gain these with the messaging UI — then they move into MSG.

export const MESSAGING_MSG = {
  messageRequired: "Message can't be empty",
  messageTooLong: 'Message is too long',
  nameCantBeEmpty: "Name can't be empty",
  parentElsewhere: 'The replied message is not in this conversation',
  uuidReused: 'This uuid was already used for another message',
  invalidCursor: 'Invalid cursor',
  systemReadOnly: 'System conversations are read-only.',
  /** A group's service line ("Anna joined the group") is a record, not a message to act on. */
  serviceLineLocked:
    'Service messages cannot be edited, deleted, replied to, forwarded or reacted to.',
  welcome:
    'Welcome to Parley! Saved Messages is your own notepad; this chat brings news from the server.',
} as const;
