import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { bootI18n, isI18nReady } from '../lib/i18n';
import { ScreenSpinner } from '../ui/Spinner';

/**
 * Spec 2: nothing is shown until the translation dictionary has loaded; a
 * spinner meanwhile. `screen` is the first screen's code when the entry
 * started loading it (app/boot/boot.ts): waited for here too, behind
 * the same spinner, so the route renders the screen at once instead of
 * suspending on it (see app/lazy.ts for what suspending costs). It never
 * fails the gate: a chunk that did not load fails in the route.
 */
export function I18nGate({ children, screen }: { children: ReactNode; screen?: Promise<unknown> }) {
  const [ready, setReady] = useState(() => isI18nReady() && screen === undefined);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    if (ready) return;
    let alive = true;
    const code = screen?.catch(() => undefined);
    Promise.all([bootI18n(), code]).then(
      () => alive && setReady(true),
      (cause: unknown) => alive && setError(cause ?? new Error('i18n failed')),
    );
    return () => {
      alive = false;
    };
  }, [ready, screen]);

  // A dictionary that cannot load is a chunk failure: let the boundary show it.
  if (error) throw error;
  return ready ? children : <ScreenSpinner />;
}
