import { describe, expect, it } from 'vitest';
import { AVATAR_COLORS, avatarColor, avatarIdOf, senderNameColor } from './avatar-color';

// WCAG 2 relative luminance and contrast ratio.
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

// The bubble backgrounds of others' messages (web app/theme.css --surface).
const LIGHT_BUBBLE = '#ffffff';
const DARK_BUBBLE = '#171a21';

describe('senderNameColor', () => {
  it('reads on the bubble in both themes, for every colour', () => {
    for (let id = 0; id < AVATAR_COLORS.length; id++) {
      const { light, dark } = senderNameColor(id);
      expect(contrast(light, LIGHT_BUBBLE), `light ${light}`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(dark, DARK_BUBBLE), `dark ${dark}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('follows the avatar colour of the same person', () => {
    for (const id of [1, 2, 7, 12, 1001]) {
      expect(senderNameColor(id).dark).toBe(avatarColor(id));
      expect(senderNameColor(id)).toEqual(senderNameColor(id + AVATAR_COLORS.length));
    }
    expect(senderNameColor(1).light).not.toBe(senderNameColor(2).light);
  });
});

describe('avatarIdOf', () => {
  it('gives a direct chat the other person’s id, so a person has one colour everywhere', () => {
    expect(avatarIdOf({ id: 40, type: 'direct', friend: { id: 7 } })).toBe(7);
    expect(avatarColor(avatarIdOf({ id: 40, type: 'direct', friend: { id: 7 } }))).toBe(
      avatarColor(7),
    );
    expect(avatarIdOf({ id: 40, type: 'group', friend: null })).toBe(40);
    expect(avatarIdOf({ id: 41, type: 'saved' })).toBe(41);
  });
});
