/** Spec 3: the avatar colour is derived from the id — the same id always gets the same colour. */
export const AVATAR_COLORS = [
  '#e17076',
  '#7bc862',
  '#65aadd',
  '#a695e7',
  '#ee7aae',
  '#6ec9cb',
  '#faa774',
  '#5d8cd4',
] as const;

export function avatarColor(id: number): string {
  const index = Math.abs(Math.trunc(id)) % AVATAR_COLORS.length;
  return AVATAR_COLORS[index] ?? AVATAR_COLORS[0];
}

/**
 * The id a conversation's avatar colour comes from: a direct chat takes the
 * other person's user id, so one person has one colour everywhere (the chat
 * list, a group's sender names, their profile, the people picker).
 */
export function avatarIdOf(c: {
  id: number;
  type: string;
  friend?: { id: number } | null;
}): number {
  return c.type === 'direct' && c.friend ? c.friend.id : c.id;
}

/**
 * A sender's name colour in a group, the same hue as their avatar's
 * (index for index with AVATAR_COLORS). The avatar colours are too pale
 * for text on a light bubble, so the light theme takes a darker shade;
 * on the dark theme's bubble the avatar colour itself reads well. Both
 * keep a WCAG contrast of at least 4.5:1 (avatar-color.test.ts).
 */
export const SENDER_NAME_COLORS = {
  light: ['#c03d48', '#2f7d1e', '#1f6fb2', '#6e52c9', '#b8306f', '#1a7578', '#a85512', '#2f5fae'],
  dark: AVATAR_COLORS,
} as const;

export function senderNameColor(id: number): { light: string; dark: string } {
  const index = Math.abs(Math.trunc(id)) % AVATAR_COLORS.length;
  return {
    light: SENDER_NAME_COLORS.light[index] ?? SENDER_NAME_COLORS.light[0],
    dark: SENDER_NAME_COLORS.dark[index] ?? SENDER_NAME_COLORS.dark[0],
  };
}

/** Up to two initials for a name, as shown on an avatar without a picture. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.slice(0, 2).map((w) => Array.from(w)[0] ?? '');
  return letters.join('').toUpperCase() || '?';
}
