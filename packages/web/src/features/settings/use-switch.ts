import { useState } from 'react';
import type { SwitchName } from '@parley/protocol/http/settings-routes';
import { useAuthStore } from '../auth/store';
import { setSwitch } from './api';
import { settingsErrors } from './form-errors';
import { patchUser } from './store';

/**
 * An on/off setting of the signed-in user: shown as stored, changed at once
 * (optimistically) and put back with the server's message if the call fails.
 */
export function useSwitch(name: SwitchName) {
  const value = useAuthStore((s) => s.user?.[name]) === true;
  const [error, setError] = useState<string | null>(null);
  const change = async (on: boolean) => {
    setError(null);
    patchUser({ [name]: on });
    try {
      await setSwitch(name, on);
    } catch (failure) {
      patchUser({ [name]: !on });
      setError(settingsErrors(failure, []).message);
    }
  };
  return { value, error, change: (on: boolean) => void change(on) };
}
