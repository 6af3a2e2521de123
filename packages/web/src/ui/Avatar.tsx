import type { ReactNode } from 'react';
import { avatarColor, initials as initialsOf } from '@parley/protocol/rules/avatar-color';
import defaultAvatar from './default-avatar.svg';
import './Avatar.css';

export type AvatarProps = {
  /** Drives the background colour (spec 3: derived from the id). */
  id: number;
  name: string;
  /** Picture URL; without one the bundled default avatar (or initials / icon) is shown. */
  src?: string | null;
  size?: number;
  /** Without a picture: the name's initials on the id colour instead of the default image. */
  initials?: boolean;
  /** Without a picture: this icon on the id colour (Saved Messages, System). */
  icon?: ReactNode;
};

export function Avatar({ id, name, src, size = 40, initials = false, icon }: AvatarProps) {
  const style = { width: size, height: size, background: src ? undefined : avatarColor(id) };
  if (!src && (icon || initials)) {
    return (
      <span
        className="avatar avatar-text"
        style={{ ...style, fontSize: Math.round(size * 0.38) }}
        title={name}
        role="img"
        aria-label={name}
      >
        {icon ?? initialsOf(name)}
      </span>
    );
  }
  return (
    <span className="avatar" style={style} title={name}>
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
