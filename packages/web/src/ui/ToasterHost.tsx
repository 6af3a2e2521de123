import { useEffect } from 'react';
import { Toaster } from 'sonner';
// As a file, not sonner's injected <style>: the CSP allows no inline styles (vite.config.ts).
import 'sonner/dist/styles.css';
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
