// The "New chat" menu, as data: adding an entry (a later "New secret chat")
// is one more row here and one case where the menu's choice is handled, not
// another branch in the markup.

export const NEW_CHAT_KINDS = ['message', 'group', 'channel'] as const;
export type NewChatKind = (typeof NEW_CHAT_KINDS)[number];

export type NewChatItem = {
  kind: NewChatKind;
  /** Catalogue key of the label. */
  label: string;
  /** SVG path of the 24×24 outline icon. */
  icon: string;
};

export const NEW_CHAT_ITEMS: readonly NewChatItem[] = [
  {
    kind: 'message',
    label: 'newChat.message',
    // A speech bubble.
    icon: 'M5 5h14a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H10l-4 3v-3H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z',
  },
  {
    kind: 'group',
    label: 'groups.new.group',
    // Two people.
    icon: 'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3 19c0-3 3-5 6-5s6 2 6 5M16 11a2.5 2.5 0 1 0 0-5M18 14c2 .6 3 2.4 3 5',
  },
  {
    kind: 'channel',
    label: 'groups.new.channel',
    // A loudspeaker.
    icon: 'M4 10v4h3l6 4V6L7 10H4zM16.5 9a4 4 0 0 1 0 6M19 6.5a8 8 0 0 1 0 11',
  },
];
