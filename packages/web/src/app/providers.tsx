import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import { I18nGate } from './I18nGate';

const ToasterHost = lazy(async () => ({
  default: (await import('../ui/ToasterHost')).ToasterHost,
}));

/** Toasts and the i18n gate around the router. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <>
      <I18nGate>{children}</I18nGate>
      <Suspense fallback={null}>
        <ToasterHost />
      </Suspense>
    </>
  );
}
