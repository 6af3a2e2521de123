import { avatarColor } from '@parley/protocol/rules/avatar-color';
import defaultAvatar from './default-avatar.svg';
import './Avatar.css';

export type AvatarProps = {
  /** Drives the background colour (spec 3: derived from the id). */
  id: number;
  name: string;
  /** Picture URL; without one the bundled default avatar is shown. */
  src?: string | null;
  size?: number;
};

export function Avatar({ id, name, src, size = 40 }: AvatarProps) {
  return (
    <span
      className="avatar"
      style={{ width: size, height: size, background: src ? undefined : avatarColor(id) }}
      title={name}
    >
      <img
        src={src || defaultAvatar}
        alt={name}
        width={size}
        height={size}
        className={src ? 'avatar-photo' : 'avatar-default'}
        draggable={false}
      />
    </span>
  );
}
