import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { TOAST_DEFAULTS } from '@parley/protocol/constants';
import { toasterMounted } from './toast';

/** The app's one toaster (a chunk of its own; see toast.ts). */
export function ToasterHost() {
  // Runs after the Toaster's own effects: it is subscribed by now.
  useEffect(() => toasterMounted(), []);
  return (
    <Toaster
      position="top-center"
      duration={TOAST_DEFAULTS.durationMs}
      theme="system"
      richColors
      closeButton
    />
  );
}
