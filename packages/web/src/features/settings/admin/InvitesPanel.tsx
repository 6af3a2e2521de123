import { useCallback, useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Invite } from '@parley/protocol/admin';
import { formatDateTime } from '@parley/protocol/rules/format-date';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { usePageVisible } from '../../../lib/use-online';
import { useAuthStore } from '../../auth/store';
import { noErrors, settingsErrors } from '../form-errors';
import type { SettingsErrors } from '../form-errors';
import { createInvite, listInvites, revokeInvite } from './api';
import { useAdminRefresh } from './refresh';

const FIELDS = ['max_uses', 'expires_in_days'] as const;
/**
 * No event tells the console that someone registered with a code, so while
 * the page is in view the list is read again this often: a code's use count
 * moves without a reload (one small admin call per interval, only while an
 * administrator has this panel open and visible).
 */
export const INVITES_REFRESH_MS = 5_000;
/** An empty box is "no limit". */
const limit = (text: string) => (text.trim() === '' ? null : Number(text));

/** Invite codes: issue one (optionally limited in uses and days), see them, revoke them. */
export function InvitesPanel() {
  const { t } = useTranslation();
  const timeZone = useAuthStore((s) => s.user?.timezone ?? null);
  const [invites, setInvites] = useState<Invite[] | null>(null);
  const [uses, setUses] = useState('');
  const [days, setDays] = useState('');
  const [errors, setErrors] = useState<SettingsErrors>(noErrors);
  const [busy, setBusy] = useState<number | 'new' | null>(null);
  const bump = useAdminRefresh((s) => s.bump);

  const load = useCallback(async (background = false) => {
    try {
      setInvites((await listInvites(background)).invites);
    } catch {
      // A failed re-read keeps the list shown; a first load's failure is
      // reported in the shared error list.
      if (!background) setInvites((shown) => shown ?? []);
    }
  }, []);
  const visible = usePageVisible();
  useEffect(() => {
    if (!visible) return;
    void load(); // at once, and again when the page comes back into view
    const timer = setInterval(() => void load(true), INVITES_REFRESH_MS);
    return () => clearInterval(timer);
  }, [load, visible]);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setBusy('new');
    try {
      await createInvite({ max_uses: limit(uses), expires_in_days: limit(days) });
      setErrors(noErrors);
      setUses('');
      setDays('');
      bump();
      await load();
    } catch (error) {
      setErrors(settingsErrors(error, FIELDS));
    } finally {
      setBusy(null);
    }
  };

  const revoke = async (id: number) => {
    setBusy(id);
    try {
      await revokeInvite(id);
      bump();
      await load();
    } catch {
      // reported in the shared error list
    } finally {
      setBusy(null);
    }
  };

  const state = (i: Invite) =>
    i.revoked
      ? t('admin.inviteRevoked')
      : i.usable
        ? t('admin.inviteUsable')
        : t('admin.inviteSpent');

  return (
    <>
      <h3 className="settings-subtitle">{t('admin.invites')}</h3>
      <form className="settings-form admin-invite-form" onSubmit={(e) => void create(e)} noValidate>
        <TextField
          name="max_uses"
          type="number"
          inputMode="numeric"
          min={1}
          label={t('admin.inviteUses')}
          hint={t('admin.noLimit')}
          value={uses}
          onChange={(e) => setUses(e.target.value)}
          error={errors.fields.max_uses ? t(errors.fields.max_uses) : undefined}
        />
        <TextField
          name="expires_in_days"
          type="number"
          inputMode="numeric"
          min={1}
          label={t('admin.inviteDays')}
          hint={t('admin.noLimit')}
          value={days}
          onChange={(e) => setDays(e.target.value)}
          error={errors.fields.expires_in_days ? t(errors.fields.expires_in_days) : undefined}
        />
        <div className="settings-actions">
          <Button type="submit" loading={busy === 'new'} data-testid="admin-create-invite">
            {t('admin.createInvite')}
          </Button>
        </div>
      </form>
      {errors.message ? (
        <p className="field-error" role="alert">
          {t(errors.message)}
        </p>
      ) : null}
      {invites === null ? (
        <p className="settings-note">{t('settings.loading')}</p>
      ) : invites.length === 0 ? (
        <p className="settings-note">{t('admin.noInvites')}</p>
      ) : (
        <ul className="settings-group" data-testid="admin-invites">
          {invites.map((i) => (
            <li key={i.id} className="settings-row" data-testid={`invite-${i.id}`}>
              <span className="settings-row-text">
                <span className="settings-row-label">
                  <code className="admin-code" data-testid="invite-code">
                    {i.code}
                  </code>
                  <span className="settings-badge">{state(i)}</span>
                </span>
                <span className="settings-row-description">
                  {[
                    t('admin.inviteUsed', { uses: i.uses, max: i.max_uses ?? '∞' }),
                    i.expires_at
                      ? t('admin.inviteExpires', { date: formatDateTime(i.expires_at, timeZone) })
                      : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </span>
              {i.usable ? (
                <Button
                  variant="ghost"
                  loading={busy === i.id}
                  onClick={() => void revoke(i.id)}
                  data-testid={`revoke-invite-${i.id}`}
                >
                  {t('admin.revoke')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
