import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '@parley/protocol/admin';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { useAuthStore } from '../../auth/store';
import { listUsers, resetPassword, setRole, userAction } from './api';
import type { UserAction } from './api';
import { useAdminRefresh } from './refresh';

const PAGE = 20;
/** Typing settles for this long before the search is sent. */
const SEARCH_DELAY_MS = 250;

type Busy = { id: number; what: string } | null;

/** Accounts: search, page, and each one's actions. */
export function UsersPanel() {
  const { t } = useTranslation();
  const selfId = useAuthStore((s) => s.user?.id ?? null);
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [offset, setOffset] = useState(0);
  const [page, setPage] = useState<{ users: AdminUser[]; total: number } | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [confirmDelete, setConfirmDelete] = useState<number | null>(null);
  const [temporary, setTemporary] = useState<{ login: string; password: string } | null>(null);
  const { tick, bump } = useAdminRefresh();

  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(search.trim());
      setOffset(0);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  useEffect(() => {
    listUsers(query, offset, PAGE).then(setPage, () => setPage({ users: [], total: 0 }));
  }, [query, offset, tick]);

  const run = async (user: AdminUser, what: string, work: () => Promise<unknown>) => {
    setBusy({ id: user.id, what });
    try {
      await work();
      bump(); // reloads this list and the audit log
    } catch {
      // reported in the shared error list
    } finally {
      setBusy(null);
      setConfirmDelete(null);
    }
  };
  const act = (user: AdminUser, action: UserAction) =>
    void run(user, action, () => userAction(action, user.id));
  const reset = (user: AdminUser) =>
    void run(user, 'reset', async () => {
      const reply = await resetPassword(user.id);
      if (reply.temporary_password) {
        setTemporary({ login: user.login, password: reply.temporary_password });
      }
    });
  const loading = (user: AdminUser, what: string) => busy?.id === user.id && busy.what === what;

  return (
    <>
      <h3 className="settings-subtitle">{t('admin.users')}</h3>
      <TextField
        name="admin-search"
        type="search"
        label={t('admin.searchUsers')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        data-testid="admin-user-search"
      />
      {temporary ? (
        <div className="admin-temporary" role="status" data-testid="admin-temporary-password">
          <span>{t('admin.temporaryPassword', { login: temporary.login })}</span>
          <code className="admin-code">{temporary.password}</code>
          <Button variant="ghost" onClick={() => setTemporary(null)}>
            {t('settings.close')}
          </Button>
        </div>
      ) : null}
      {page === null ? (
        <p className="settings-note">{t('settings.loading')}</p>
      ) : page.users.length === 0 ? (
        <p className="settings-note">{t('admin.noUsers')}</p>
      ) : (
        <ul className="settings-group admin-users" data-testid="admin-users">
          {page.users.map((u) => (
            <li key={u.id} className="admin-user" data-testid={`admin-user-${u.username}`}>
              <span className="settings-row-text">
                <span className="settings-row-label">
                  {u.name}
                  {u.is_admin ? (
                    <span className="settings-badge">{t('admin.badgeAdmin')}</span>
                  ) : null}
                  {u.is_bot ? (
                    <span className="settings-badge" data-testid="admin-bot-badge">
                      {u.is_official ? t('badge.official') : t('badge.bot')}
                    </span>
                  ) : null}
                  {u.disabled ? (
                    <span className="settings-badge admin-badge-off">
                      {t('admin.badgeDisabled')}
                    </span>
                  ) : null}
                </span>
                <span className="settings-row-description">
                  @{u.username} · {u.login}
                </span>
              </span>
              {u.deleted || u.id === selfId ? null : (
                <div className="admin-user-actions">
                  {/* The server refuses these too: the official bot is never
                      disabled or deleted, a bot has no password and no admin seat. */}
                  {u.is_official && !u.disabled ? null : (
                    <Button
                      variant="ghost"
                      loading={loading(u, u.disabled ? 'enable' : 'disable')}
                      onClick={() => act(u, u.disabled ? 'enable' : 'disable')}
                      data-testid="admin-toggle-disabled"
                    >
                      {u.disabled ? t('admin.enable') : t('admin.disable')}
                    </Button>
                  )}
                  {/* A bot has no sessions (it calls with its token): nothing to sign out. */}
                  {u.is_bot ? null : (
                    <Button
                      variant="ghost"
                      loading={loading(u, 'signOut')}
                      onClick={() => act(u, 'signOut')}
                      data-testid="admin-sign-out"
                    >
                      {t('admin.signOutEverywhere')}
                    </Button>
                  )}
                  {u.is_bot ? null : (
                    <Button
                      variant="ghost"
                      loading={loading(u, 'reset')}
                      onClick={() => reset(u)}
                      data-testid="admin-reset-password"
                    >
                      {t('admin.resetPassword')}
                    </Button>
                  )}
                  {u.is_bot && !u.is_admin ? null : (
                    <Button
                      variant="ghost"
                      loading={loading(u, 'role')}
                      onClick={() => void run(u, 'role', () => setRole(u.id, !u.is_admin))}
                      data-testid="admin-toggle-role"
                    >
                      {u.is_admin ? t('admin.removeAdmin') : t('admin.makeAdmin')}
                    </Button>
                  )}
                  {u.is_official ? null : confirmDelete === u.id ? (
                    <Button
                      variant="danger"
                      loading={loading(u, 'delete')}
                      onClick={() => act(u, 'delete')}
                    >
                      {t('admin.confirmDelete')}
                    </Button>
                  ) : (
                    <Button variant="ghost" onClick={() => setConfirmDelete(u.id)}>
                      {t('admin.delete')}
                    </Button>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {page && page.total > PAGE ? (
        <div className="settings-actions admin-pager">
          <Button
            variant="ghost"
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - PAGE))}
          >
            {t('admin.previous')}
          </Button>
          <span className="settings-note">
            {t('admin.range', {
              from: offset + 1,
              to: Math.min(offset + PAGE, page.total),
              total: page.total,
            })}
          </span>
          <Button
            variant="ghost"
            disabled={offset + PAGE >= page.total}
            onClick={() => setOffset(offset + PAGE)}
          >
            {t('admin.next')}
          </Button>
        </div>
      ) : null}
    </>
  );
}
