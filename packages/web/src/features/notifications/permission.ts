import { useCallback, useEffect, useState } from 'react';
import { browserPermission } from './boundary';
import type { PermissionState } from './boundary';

// The browser's permission to show notifications, as the settings screen
// shows it. Asked only when the person turns notifications on or presses
// "Allow" — never on page load: a prompt nobody asked for gets denied, and
// a denial is hard to undo.

/** Asks the browser (call it from a click: browsers ignore or quiet prompts without one). */
export async function requestNotificationPermission(): Promise<PermissionState> {
  if (browserPermission() !== 'default') return browserPermission();
  try {
    return await Notification.requestPermission();
  } catch {
    return browserPermission();
  }
}

/** The permission, kept current when it changes in the browser's site settings. */
export function useNotificationPermission() {
  const [state, setState] = useState<PermissionState>(browserPermission);

  useEffect(() => {
    const update = () => setState(browserPermission());
    let status: PermissionStatus | null = null;
    let active = true;
    // Not every browser lets notifications be queried; a return to the tab re-reads it anyway.
    navigator.permissions
      ?.query({ name: 'notifications' })
      .then((s) => {
        if (!active) return;
        status = s;
        s.addEventListener('change', update);
      })
      .catch(() => undefined);
    document.addEventListener('visibilitychange', update);
    return () => {
      active = false;
      status?.removeEventListener('change', update);
      document.removeEventListener('visibilitychange', update);
    };
  }, []);

  const request = useCallback(async () => {
    setState(await requestNotificationPermission());
  }, []);

  /** Re-reads the permission (another control asked the browser). */
  const recheck = useCallback(() => setState(browserPermission()), []);

  return { state, request, recheck };
}
