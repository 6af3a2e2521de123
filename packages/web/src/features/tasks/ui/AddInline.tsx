import { useState } from 'react';
import type { FormEvent } from 'react';

/** A one-line "add" form: Enter adds and keeps the field open for the next one, Escape clears. */
export function AddInline({
  label,
  testId,
  maxLength,
  onAdd,
}: {
  label: string;
  testId: string;
  maxLength?: number;
  onAdd: (text: string) => Promise<unknown>;
}) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (!value || busy) return;
    setBusy(true);
    void onAdd(value).then((made) => {
      setBusy(false);
      if (made) setText('');
    });
  };
  return (
    <form className="tasks-add" onSubmit={submit}>
      <input
        className="tasks-add-input"
        value={text}
        placeholder={label}
        aria-label={label}
        maxLength={maxLength}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && text) {
            event.stopPropagation();
            setText('');
          }
        }}
        data-testid={testId}
      />
      <button
        type="submit"
        className="tasks-add-button"
        disabled={!text.trim() || busy}
        aria-label={label}
      >
        +
      </button>
    </form>
  );
}
