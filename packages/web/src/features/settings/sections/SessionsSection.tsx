import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Session } from '@parley/protocol/user';
import { agoText } from '../../../lib/ago-text';
import { deviceText } from '../../../lib/device-text';
import { useMinuteClock } from '../../../lib/minute-clock';
import { Button } from '../../../ui/Button';
import { listSessions, revokeOtherSessions, revokeSession } from '../api';

/**
 * Signed-in devices: this one first, the others with a sign-out each, and all
 * at once. "Active 5 minutes ago" moves with the minute clock, and the list is
 * read again each minute: the server notes a session's use once a minute.
 */
export function SessionsSection() {
  const { t } = useTranslation();
  const now = useMinuteClock();
  const [sessions, setSessions] = useState<Session[] | null>(null);
  const [busy, setBusy] = useState<number | 'others' | null>(null);

  const load = useCallback(async () => {
    try {
      setSessions((await listSessions()).sessions);
    } catch {
      setSessions([]); // reported in the shared error list
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load, now]);

  const act = async (which: number | 'others') => {
    setBusy(which);
    try {
      if (which === 'others') await revokeOtherSessions();
      else await revokeSession(which);
      await load();
    } catch {
      // reported in the shared error list
    } finally {
      setBusy(null);
    }
  };

  if (sessions === null) return <p className="settings-note">{t('settings.loading')}</p>;
  const ordered = [...sessions].sort((a, b) => Number(b.current) - Number(a.current));
  const others = ordered.filter((s) => !s.current).length;

  return (
    <div className="settings-section" data-testid="settings-sessions">
      <ul className="settings-group settings-sessions">
        {ordered.map((s) => (
          <li key={s.id} className="settings-row" data-testid={`session-${s.id}`}>
            <span className="settings-row-text">
              <span className="settings-row-label">
                {deviceText(t, s)}
                {s.current ? (
                  <span className="settings-badge">{t('settings.thisDevice')}</span>
                ) : null}
              </span>
              <span className="settings-row-description">
                {[
                  s.ip,
                  t('settings.activeAgo', {
                    // This device is in use as the screen shows it.
                    when: agoText(t, s.current ? new Date(now).toISOString() : s.last_seen_at, now),
                  }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </span>
            {s.current ? null : (
              <Button
                variant="ghost"
                loading={busy === s.id}
                onClick={() => void act(s.id)}
                data-testid={`revoke-${s.id}`}
              >
                {t('settings.signOut')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <div className="settings-actions">
          <Button
            variant="danger"
            loading={busy === 'others'}
            onClick={() => void act('others')}
            data-testid="revoke-others"
          >
            {t('settings.signOutOthers')}
          </Button>
        </div>
      ) : (
        <p className="settings-note">{t('settings.onlyThisDevice')}</p>
      )}
    </div>
  );
}
