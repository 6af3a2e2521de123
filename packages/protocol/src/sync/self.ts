import type { ConversationEventFrame, UserEventFrame } from '../realtime';
import { settingsFieldsSchema } from '../events/user-events';
import type { User } from '../user';

const SETTINGS_KEYS = Object.keys(
  settingsFieldsSchema.shape,
) as (keyof typeof settingsFieldsSchema.shape)[];

// Realtime events applied to the signed-in user (GET /user): one's own new
// public profile (user.updated about oneself, in any conversation) and one's
// own settings changed on any device (settings.changed). Pure; the web's
// auth store and the server's sync-equivalence suites run this.

export function applySelfFrame(user: User, frame: ConversationEventFrame | UserEventFrame): User {
  if (frame.scope === 'conversation') {
    if (frame.type !== 'user.updated' || frame.payload.user_id !== user.id) return user;
    const { name, username, avatar, status } = frame.payload;
    if (
      user.name === name &&
      user.username === username &&
      user.avatar === avatar &&
      user.status === status
    ) {
      return user;
    }
    return { ...user, name, username, avatar, status };
  }
  if (frame.type !== 'settings.changed') return user;
  // Only the settings this version knows: a newer server's extras stay out.
  const change: Partial<User> = {};
  for (const key of SETTINGS_KEYS) {
    if (frame.payload[key] !== undefined) Object.assign(change, { [key]: frame.payload[key] });
  }
  return { ...user, ...change };
}
