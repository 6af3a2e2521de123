import { useId } from 'react';

/** One on/off setting: a label, what it does, and a switch. Presentational. */
export function ToggleRow({
  name,
  label,
  description,
  checked,
  disabled = false,
  onChange,
}: {
  name: string;
  label: string;
  description?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <div className={`settings-row${disabled ? ' is-disabled' : ''}`}>
      <label htmlFor={id} className="settings-row-text">
        <span className="settings-row-label">{label}</span>
        {description ? <span className="settings-row-description">{description}</span> : null}
      </label>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="settings-switch"
        data-testid={`switch-${name}`}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
    </div>
  );
}
