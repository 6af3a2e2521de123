import { Link } from 'react-router';
import { Logo } from './Logo';
import './SiteFooter.css';

export function SiteFooter({
  tagline,
  links,
}: {
  tagline: string;
  links: { to: string; label: string }[];
}) {
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <Logo size={24} />
        <span className="site-footer-tagline">{tagline}</span>
        <nav className="site-footer-links">
          {links.map((link) => (
            <Link key={link.to} to={link.to}>
              {link.label}
            </Link>
          ))}
        </nav>
      </div>
    </footer>
  );
}
