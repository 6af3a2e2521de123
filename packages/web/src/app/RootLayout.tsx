import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { setNavigator } from '../lib/navigation';
import { ScreenSpinner } from '../ui/Spinner';
import { ErrorBanner } from './ErrorBanner';
import { ErrorBoundary } from './ErrorBoundary';

/**
 * Shell of every route: chunk spinner, shared error list, and the navigator
 * for non-React code. A screen that throws (a chunk that failed to load
 * included) shows the crash screen; going to another path starts afresh.
 */
export function RootLayout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    setNavigator((to, options) => void navigate(to, options));
    return () => setNavigator(null);
  }, [navigate]);

  return (
    <>
      <ErrorBoundary resetKey={pathname}>
        <Suspense fallback={<ScreenSpinner />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
      <ErrorBanner />
    </>
  );
}
