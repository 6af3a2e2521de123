import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { bootI18n, isI18nReady } from '../lib/i18n';
import { ScreenSpinner } from '../ui/Spinner';

/** Spec 2: nothing is shown until the translation dictionary has loaded; a spinner meanwhile. */
export function I18nGate({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(isI18nReady);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    if (ready) return;
    let alive = true;
    bootI18n().then(
      () => alive && setReady(true),
      (cause: unknown) => alive && setError(cause ?? new Error('i18n failed')),
    );
    return () => {
      alive = false;
    };
  }, [ready]);

  // A dictionary that cannot load is a chunk failure: let the boundary show it.
  if (error) throw error;
  return ready ? children : <ScreenSpinner />;
}
