import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';

/** A text field that saves on Enter or leaving it, and gives up on Escape. */
export function InlineEdit({
  value,
  label,
  maxLength,
  testId,
  multiline = false,
  autoFocus = true,
  onSave,
  onCancel,
}: {
  value: string;
  label: string;
  maxLength?: number;
  testId: string;
  multiline?: boolean;
  autoFocus?: boolean;
  onSave: (value: string) => void;
  onCancel?: () => void;
}) {
  const [text, setText] = useState(value);
  const ref = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const done = useRef(false);
  useEffect(() => {
    if (autoFocus) ref.current?.select();
  }, [autoFocus]);
  // A change from elsewhere shows while this field is not being edited.
  useEffect(() => {
    if (document.activeElement !== ref.current) setText(value);
  }, [value]);
  const save = () => {
    if (done.current) {
      // Escape in a field that stays: this blur saves nothing, the next edit may.
      if (!onCancel) done.current = false;
      return;
    }
    const trimmed = text.trim();
    if (!trimmed && !multiline) {
      onCancel?.();
      setText(value);
      return;
    }
    if (onCancel) done.current = true;
    onSave(multiline ? text : trimmed);
  };
  const props = {
    ref,
    className: multiline ? 'tasks-edit tasks-edit-multi' : 'tasks-edit',
    value: text,
    maxLength,
    'aria-label': label,
    placeholder: label,
    'data-testid': testId,
    onChange: (event: { target: { value: string } }) => setText(event.target.value),
    onBlur: save,
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Enter' && (!multiline || event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        // A field that stays saves through its blur (once); one that goes saves now.
        if (onCancel) save();
        else (event.target as HTMLElement).blur();
      } else if (event.key === 'Escape') {
        event.stopPropagation();
        setText(value);
        done.current = true;
        if (onCancel) onCancel();
        else (event.target as HTMLElement).blur();
      }
    },
  };
  return multiline ? <textarea rows={3} {...props} /> : <input {...props} />;
}
