import { SPINNER_DEFAULT } from '@parley/protocol/constants';
import './Spinner.css';

export type SpinnerProps = {
  /** Diameter in px (spec 9 default 60). */
  size?: number;
  /** One full turn in ms (spec 9 default 1000). */
  durationMs?: number;
  label?: string;
};

export function Spinner({
  size = SPINNER_DEFAULT.size,
  durationMs = SPINNER_DEFAULT.durationMs,
  label = 'Loading',
}: SpinnerProps) {
  return (
    <span
      className="spinner"
      role="status"
      aria-label={label}
      data-testid="spinner"
      style={{
        width: size,
        height: size,
        animationDuration: `${durationMs}ms`,
        borderWidth: Math.max(2, Math.round(size / 12)),
      }}
    />
  );
}

/** A spinner centred in the space it is given, for screens and chunks that load. */
export function ScreenSpinner(props: SpinnerProps) {
  return (
    <div className="center-fill">
      <Spinner {...props} />
    </div>
  );
}
