import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { TOAST_DEFAULTS } from '@parley/protocol/constants';
import { useSessionStore } from '../features/auth/session-store';
import { I18nGate } from './I18nGate';

function makeQueryClient(): QueryClient {
  return new QueryClient({
    // The HTTP client already retries a 401 once after refreshing; a second
    // layer of retries would multiply requests against rate limits.
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
}

/** Server cache, toasts and the i18n gate around the router. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  const authenticated = useSessionStore((s) => s.authenticated);

  // Data of one user must never be shown to the next one.
  useEffect(() => {
    if (!authenticated) queryClient.clear();
  }, [authenticated, queryClient]);

  return (
    <QueryClientProvider client={queryClient}>
      <I18nGate>{children}</I18nGate>
      <Toaster
        position="top-center"
        duration={TOAST_DEFAULTS.durationMs}
        theme="system"
        richColors
        closeButton
      />
    </QueryClientProvider>
  );
}
