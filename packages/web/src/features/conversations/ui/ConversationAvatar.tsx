import { Avatar } from '../../../ui/Avatar';
import type { AvatarKind } from '../list-item';

const iconProps = {
  viewBox: '0 0 24 24',
  width: '55%',
  height: '55%',
  'aria-hidden': true,
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.9,
  strokeLinejoin: 'round' as const,
  strokeLinecap: 'round' as const,
};

/** Saved Messages: a bookmark. */
function SavedIcon() {
  return (
    <svg {...iconProps}>
      <path d="M7 4h10v16l-5-4-5 4z" />
    </svg>
  );
}

/** System: a megaphone-like bell. */
function SystemIcon() {
  return (
    <svg {...iconProps}>
      <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z" />
      <path d="M10 20.5a2 2 0 0 0 4 0" />
    </svg>
  );
}

export function ConversationAvatar({
  id,
  name,
  src,
  kind,
  size,
  online = false,
  onlineLabel,
}: {
  id: number;
  name: string;
  src: string | null;
  kind: AvatarKind;
  size: number;
  /** A direct chat's other person is online: a dot on the avatar. */
  online?: boolean;
  onlineLabel?: string;
}) {
  const icon = kind === 'saved' ? <SavedIcon /> : kind === 'system' ? <SystemIcon /> : undefined;
  // Saved Messages use the accent colour's id slot 2 (blue) whatever their own id.
  const avatar = (
    <Avatar id={kind === 'saved' ? 2 : id} name={name} src={src} size={size} initials icon={icon} />
  );
  if (!online) return avatar;
  return (
    <span className="conv-avatar">
      {avatar}
      <span className="online-dot" data-testid="online-dot" title={onlineLabel} />
    </span>
  );
}
