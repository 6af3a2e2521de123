import { create } from 'zustand';

// The deferred install prompt (spec 2: /main/apps "receives the deferred
// install prompt"). Chromium fires beforeinstallprompt once per load, maybe
// before the apps page is ever opened, so main.tsx starts listening at once.

/** Not in the DOM typings: Chromium-only event. */
export type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

type InstallState = {
  deferred: BeforeInstallPromptEvent | null;
  installed: boolean;
};

export const useInstallStore = create<InstallState>()(() => ({ deferred: null, installed: false }));

function isStandalone(): boolean {
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(display-mode: standalone)').matches
  );
}

let capturing = false;

export function captureInstallPrompt(): void {
  if (capturing) return;
  capturing = true;
  useInstallStore.setState({ installed: isStandalone() });
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // keep it for our own button instead of the mini-infobar
    useInstallStore.setState({ deferred: event as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => {
    useInstallStore.setState({ deferred: null, installed: true });
  });
}

/** Shows the browser's install dialog; a prompt can be used only once. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const { deferred } = useInstallStore.getState();
  if (!deferred) return 'unavailable';
  useInstallStore.setState({ deferred: null });
  await deferred.prompt();
  const { outcome } = await deferred.userChoice;
  if (outcome === 'accepted') useInstallStore.setState({ installed: true });
  return outcome;
}
