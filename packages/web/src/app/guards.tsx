import type { ReactNode } from 'react';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { useSessionStore } from '../features/auth/session-store';
import { landingFor, NEXT_PARAM, safeReturnPath } from '../lib/return-path';

/**
 * Spec 2/6: chat and join need a token or a refresh credential; otherwise go
 * to /. With `returnHere` the landing is told to come back to this page once
 * the visitor has signed in (an invite link opened while signed out).
 */
export function RequireAuth({
  children,
  returnHere = false,
}: {
  children: ReactNode;
  returnHere?: boolean;
}) {
  const authenticated = useSessionStore((s) => s.authenticated);
  const location = useLocation();
  if (authenticated) return children;
  const to = returnHere ? landingFor(`${location.pathname}${location.search}`) : '/';
  return <Navigate to={to} replace />;
}

/**
 * Spec 2: the landing redirects to /chat when a token or refresh credential
 * exists, or to its `?next=` page when that is a safe app path.
 */
export function PublicOnly({ children }: { children: ReactNode }) {
  const authenticated = useSessionStore((s) => s.authenticated);
  const [params] = useSearchParams();
  if (!authenticated) return children;
  return <Navigate to={safeReturnPath(params.get(NEXT_PARAM)) ?? '/chat'} replace />;
}

/** /direct/:username → /to/:username. */
export function DirectRedirect() {
  const { username = '' } = useParams();
  return <Navigate to={`/to/${encodeURIComponent(username)}`} replace />;
}
