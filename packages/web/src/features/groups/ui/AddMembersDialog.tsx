import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import type { ManagedKind } from '../api';
import type { Contact } from '../use-contacts';
import { ContactPicker } from './ContactPicker';
import { GroupDialog } from './GroupDialog';

/** Pick friends who are not in yet, several at once, then add them. Presentational. */
export function AddMembersDialog({
  kind,
  contacts,
  error,
  busy,
  onSubmit,
  onClose,
}: {
  kind: ManagedKind;
  /** Friends who are not members. */
  contacts: Contact[];
  /** English (the i18n key), translated here. */
  error: string | null;
  busy: boolean;
  onSubmit: (ids: number[]) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<number[]>([]);
  const needle = query.trim().toLocaleLowerCase();
  const shown = needle
    ? contacts.filter((c) => c.name.toLocaleLowerCase().includes(needle))
    : contacts;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (picked.length > 0) onSubmit(picked);
  };
  return (
    <GroupDialog
      title={t(`groups.add.${kind}`)}
      testId="add-members-dialog"
      backdropClassName="add-members-backdrop"
      onClose={onClose}
    >
      <form className="group-form" onSubmit={submit} noValidate>
        <TextField
          name="member-filter"
          type="search"
          label={t('groups.findContact')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          autoFocus
        />
        <ContactPicker
          contacts={shown}
          picked={picked}
          onToggle={(id, on) =>
            setPicked((p) => (on ? [...p, id] : p.filter((other) => other !== id)))
          }
        />
        {error ? (
          <p className="field-error" role="alert" data-testid="add-members-error">
            {t(error)}
          </p>
        ) : null}
        <div className="group-form-actions">
          <Button variant="ghost" onClick={onClose}>
            {t('messages.cancel')}
          </Button>
          <Button
            type="submit"
            loading={busy}
            disabled={picked.length === 0}
            data-testid="add-members-submit"
          >
            {picked.length > 0
              ? t('groups.addPicked', { count: picked.length })
              : t('groups.addNone')}
          </Button>
        </div>
      </form>
    </GroupDialog>
  );
}
