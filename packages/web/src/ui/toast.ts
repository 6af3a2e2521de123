import type { ExternalToast } from 'sonner';

// Toasts without sonner in the first load (it was 10 KB gzip of the entry):
// the toaster is its own chunk (ToasterHost, mounted at start, loaded in
// parallel), and a toast waits until it is mounted. sonner drops toasts
// raised before its <Toaster> subscribed, so the wait is what keeps them.

let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => (markMounted = resolve));

/** Called by ToasterHost once its <Toaster> listens. */
export function toasterMounted(): void {
  markMounted();
}

function show(kind: 'error' | 'success', title: string, options?: ExternalToast): void {
  void mounted
    .then(() => import('sonner'))
    .then(({ toast: sonner }) => sonner[kind](title, options));
}

export const toast = {
  error: (title: string, options?: ExternalToast) => show('error', title, options),
  success: (title: string, options?: ExternalToast) => show('success', title, options),
};
