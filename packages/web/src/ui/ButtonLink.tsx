import { Link } from 'react-router';
import type { LinkProps } from 'react-router';
import './Button.css';

export type ButtonLinkProps = LinkProps & {
  variant?: 'primary' | 'secondary' | 'ghost';
  size?: 'md' | 'lg';
};

/** A router link that looks like a Button (calls to action that navigate). */
export function ButtonLink({
  variant = 'primary',
  size = 'md',
  className,
  ...rest
}: ButtonLinkProps) {
  return (
    <Link
      className={`btn btn-${variant} btn-${size}${className ? ` ${className}` : ''}`}
      {...rest}
    />
  );
}
