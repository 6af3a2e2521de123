import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { GROUP_INACTIVITY_CHOICES } from '@parley/protocol/group';

/** The label of a limit in days; a limit set elsewhere (not one of the choices) reads as days. */
export function inactivityLabel(t: TFunction, days: number | null): string {
  if (days === null) return t('groups.inactivity.off');
  return (GROUP_INACTIVITY_CHOICES as readonly number[]).includes(days)
    ? t(`groups.inactivity.d${days}`)
    : t('groups.inactivity.days', { count: days });
}

/**
 * A group's inactivity limit (spec 3/4 max_time_inactive, in days): those who
 * may edit the group's info choose it; members read what it means for them.
 * The server's job (groups/inactivity-job.ts) removes the inactive members.
 */
export function InactivitySection({
  days,
  editable,
  busy,
  onChange,
}: {
  days: number | null;
  editable: boolean;
  busy: boolean;
  onChange: (days: number | null) => void;
}) {
  const { t } = useTranslation();
  if (!editable && days === null) return null;
  const offered: number[] = [...GROUP_INACTIVITY_CHOICES];
  if (days !== null && !offered.includes(days)) offered.push(days);
  return (
    <section className="info-section" data-testid="info-inactivity">
      <h3 className="info-section-title">{t('groups.inactivity.title')}</h3>
      {editable ? (
        <>
          <label className="info-slow-mode">
            <select
              className="field-input"
              value={days ?? ''}
              disabled={busy}
              aria-label={t('groups.inactivity.title')}
              aria-describedby="info-inactivity-explain"
              onChange={(event) =>
                onChange(event.target.value === '' ? null : Number(event.target.value))
              }
              data-testid="inactivity-select"
            >
              <option value="">{t('groups.inactivity.off')}</option>
              {offered.map((n) => (
                <option key={n} value={n}>
                  {inactivityLabel(t, n)}
                </option>
              ))}
            </select>
          </label>
          <p className="settings-note" id="info-inactivity-explain">
            {t('groups.inactivity.explain')}
          </p>
        </>
      ) : (
        <p className="settings-note" data-testid="inactivity-member-note">
          {t('groups.inactivity.member', { limit: inactivityLabel(t, days) })}{' '}
          {t('groups.inactivity.explain')}
        </p>
      )}
    </section>
  );
}
