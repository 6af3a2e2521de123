import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@parley/protocol/admin';
import { formatDateTime } from '@parley/protocol/rules/format-date';
import { Button } from '../../../ui/Button';
import { useAuthStore } from '../../auth/store';
import { listAudit } from './api';
import { useAdminRefresh } from './refresh';

const PAGE = 20;

/** The audit log, newest first, a page at a time. */
export function AuditPanel() {
  const { t } = useTranslation();
  const timeZone = useAuthStore((s) => s.user?.timezone ?? null);
  const tick = useAdminRefresh((s) => s.tick);
  const [offset, setOffset] = useState(0);
  const [page, setPage] = useState<{ entries: AuditEntry[]; total: number } | null>(null);

  useEffect(() => {
    listAudit(offset, PAGE).then(setPage, () => setPage({ entries: [], total: 0 }));
  }, [offset, tick]);

  return (
    <>
      <h3 className="settings-subtitle">{t('admin.audit')}</h3>
      {page === null ? (
        <p className="settings-note">{t('settings.loading')}</p>
      ) : page.entries.length === 0 ? (
        <p className="settings-note">{t('admin.auditEmpty')}</p>
      ) : (
        <ol className="settings-group admin-audit" data-testid="admin-audit">
          {page.entries.map((e) => (
            <li key={e.id} className="settings-row">
              <span className="settings-row-text">
                <span className="settings-row-label">
                  {t(`admin.action.${e.action}`)}
                  {e.target ? <span className="admin-target"> {e.target}</span> : null}
                </span>
                <span className="settings-row-description">
                  {[e.actor ?? t('admin.console'), formatDateTime(e.at, timeZone), e.detail]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </span>
            </li>
          ))}
        </ol>
      )}
      {page && page.total > PAGE ? (
        <div className="settings-actions admin-pager">
          <Button
            variant="ghost"
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - PAGE))}
          >
            {t('admin.newer')}
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
            {t('admin.older')}
          </Button>
        </div>
      ) : null}
    </>
  );
}
