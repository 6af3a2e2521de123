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

/** Up to two initials for a name, as shown on an avatar without a picture. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.slice(0, 2).map((w) => Array.from(w)[0] ?? '');
  return letters.join('').toUpperCase() || '?';
}
