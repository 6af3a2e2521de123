import { useState } from 'react';
import type { FormEvent } from 'react';
import type { z } from 'zod';
import { checkErrors, noErrors, settingsErrors } from './form-errors';
import type { SettingsErrors } from './form-errors';

/**
 * A settings form's life: checked with the protocol schema first (the same
 * messages the server would give), then saved; the server's field errors or
 * message (spec 8) land under their fields. `save` gets the parsed values
 * and returns the form to show afterwards.
 */
export function useSettingsForm<F extends Record<string, string>, P>(options: {
  initial: () => F;
  schema: z.ZodType<P>;
  fields: readonly (keyof F & string)[];
  save: (parsed: P, form: F) => Promise<F>;
}) {
  const [form, setForm] = useState(options.initial);
  const [errors, setErrors] = useState<SettingsErrors>(noErrors);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    const parsed = options.schema.safeParse(form);
    if (!parsed.success) return setErrors(checkErrors(parsed.error));
    setErrors(noErrors);
    setBusy(true);
    try {
      setForm(await options.save(parsed.data, form));
      setDone(true);
    } catch (error) {
      setErrors(settingsErrors(error, options.fields));
    } finally {
      setBusy(false);
    }
  };

  const setField = (name: keyof F & string, value: string) =>
    setForm((f) => ({ ...f, [name]: value }));

  return { form, setField, errors, busy, done, onSubmit };
}
