import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { onToasterWanted, toasterWanted } from '../ui/toast';
import { I18nGate } from './I18nGate';

const ToasterHost = lazy(async () => ({
  default: (await import('../ui/ToasterHost')).ToasterHost,
}));

/** The toaster, mounted with the first toast (ui/toast.ts says why not at start). */
function Toasts() {
  const wanted = useSyncExternalStore(onToasterWanted, toasterWanted);
  return wanted ? (
    <Suspense fallback={null}>
      <ToasterHost />
    </Suspense>
  ) : null;
}

/**
 * The i18n gate around the router, and the toasts. `screen` is the first
 * screen's code when the entry preloads it: the gate waits for it too.
 */
export function AppProviders({
  children,
  screen,
}: {
  children: ReactNode;
  screen?: Promise<unknown>;
}) {
  return (
    <>
      <I18nGate screen={screen}>{children}</I18nGate>
      <Toasts />
    </>
  );
}
