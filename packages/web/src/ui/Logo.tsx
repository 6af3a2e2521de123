import './Logo.css';

/** The Parley mark and word; the same shapes as public/icons/icon.svg. */
export function Logo({ size = 32, withText = true }: { size?: number; withText?: boolean }) {
  return (
    <span className="logo">
      <svg viewBox="0 0 512 512" width={size} height={size} aria-hidden="true">
        <rect width="512" height="512" rx="112" fill="var(--accent)" />
        <path
          d="M256 118c-84 0-152 56-152 126 0 40 22 75 57 98l-12 54c-2 9 8 16 16 11l62-38c9 1 19 2 29 2 84 0 152-57 152-127S340 118 256 118z"
          fill="#fff"
        />
        <circle cx="200" cy="244" r="18" fill="var(--accent)" />
        <circle cx="256" cy="244" r="18" fill="var(--accent)" />
        <circle cx="312" cy="244" r="18" fill="var(--accent)" />
      </svg>
      {withText ? <span className="logo-text">Parley</span> : null}
    </span>
  );
}
