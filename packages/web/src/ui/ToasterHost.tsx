import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { TOAST_DEFAULTS } from '@parley/protocol/constants';
import { useResolvedTheme } from '../lib/theme';
import { toasterMounted } from './toast';

/** The app's one toaster (a chunk of its own; see toast.ts). */
export function ToasterHost() {
  // Runs after the Toaster's own effects: it is subscribed by now.
  useEffect(() => toasterMounted(), []);
  const theme = useResolvedTheme();
  return (
    <Toaster
      position="top-center"
      duration={TOAST_DEFAULTS.durationMs}
      theme={theme}
      richColors
      closeButton
    />
  );
}
