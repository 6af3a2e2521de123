import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from './Logo';
import { LocaleSelect } from './LocaleSelect';
import './SiteHeader.css';

export type SiteNavItem = { to: string; label: string };

/** Header of the public pages: mark, a few links, the language switcher and optional actions. */
export function SiteHeader({
  nav,
  actions,
  homeTo = '/main',
}: {
  nav: SiteNavItem[];
  actions?: ReactNode;
  homeTo?: string;
}) {
  return (
    <header className="site-header">
      <Link to={homeTo} className="site-header-home" aria-label="Parley">
        <Logo />
      </Link>
      <nav className="site-header-nav">
        {nav.map((item) => (
          <Link key={item.to} to={item.to}>
            {item.label}
          </Link>
        ))}
      </nav>
      <div className="site-header-actions">
        <LocaleSelect />
        {actions}
      </div>
    </header>
  );
}
