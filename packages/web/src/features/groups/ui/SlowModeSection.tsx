import { useTranslation } from 'react-i18next';
import { SLOW_MODE_CHOICES } from '@parley/protocol/group';
import { formatSeconds } from '../../../lib/format-seconds';

/**
 * A group's slow mode (issue 18): moderators and the owner choose the
 * interval a member waits between messages, or off; members see it.
 */
export function SlowModeSection({
  seconds,
  editable,
  busy,
  onChange,
}: {
  seconds: number | null;
  editable: boolean;
  busy: boolean;
  onChange: (seconds: number | null) => void;
}) {
  const { t } = useTranslation();
  if (!editable && seconds === null) return null;
  const current = seconds === null ? t('groups.slowMode.off') : formatSeconds(seconds);
  return (
    <section className="info-section" data-testid="info-slow-mode">
      <h3 className="info-section-title">{t('groups.slowMode.title')}</h3>
      {editable ? (
        <label className="info-slow-mode">
          <select
            className="field-input"
            value={seconds ?? ''}
            disabled={busy}
            aria-label={t('groups.slowMode.title')}
            onChange={(event) =>
              onChange(event.target.value === '' ? null : Number(event.target.value))
            }
            data-testid="slow-mode-select"
          >
            <option value="">{t('groups.slowMode.off')}</option>
            {SLOW_MODE_CHOICES.map((n) => (
              <option key={n} value={n}>
                {formatSeconds(n)}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <p className="settings-note">{t('groups.slowMode.member', { interval: current })}</p>
      )}
    </section>
  );
}
