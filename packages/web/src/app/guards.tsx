import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { useSessionStore } from '../features/auth/session-store';

/** Spec 2/6: chat and join need a token or a refresh credential; otherwise go to /. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const authenticated = useSessionStore((s) => s.authenticated);
  return authenticated ? children : <Navigate to="/" replace />;
}

/** Spec 2: the landing redirects to /chat when a token or refresh credential exists. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const authenticated = useSessionStore((s) => s.authenticated);
  return authenticated ? <Navigate to="/chat" replace /> : children;
}

/** /direct/:username → /to/:username. */
export function DirectRedirect() {
  const { username = '' } = useParams();
  return <Navigate to={`/to/${encodeURIComponent(username)}`} replace />;
}
