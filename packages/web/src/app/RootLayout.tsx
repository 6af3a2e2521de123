import { Suspense, useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { setNavigator } from '../lib/navigation';
import { ScreenSpinner } from '../ui/Spinner';
import { ErrorBanner } from './ErrorBanner';

/** Shell of every route: chunk spinner, shared error list, and the navigator for non-React code. */
export function RootLayout() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to, options) => void navigate(to, options));
    return () => setNavigator(null);
  }, [navigate]);

  return (
    <>
      <Suspense fallback={<ScreenSpinner />}>
        <Outlet />
      </Suspense>
      <ErrorBanner />
    </>
  );
}
