import { AuditPanel } from './AuditPanel';
import { InvitesPanel } from './InvitesPanel';
import { ServerPanel } from './ServerPanel';
import { UsersPanel } from './UsersPanel';
import { useAdminTexts } from './use-admin-texts';
import './admin.css';

/**
 * Settings → Administration, for administrators only (the section is not
 * offered to anyone else, and the server refuses every call anyway). A
 * chunk of its own: loaded only when an admin opens it.
 */
export function AdminSection() {
  // Panels render once their texts are here (they then re-render on language changes).
  if (!useAdminTexts()) return null;
  return (
    <div className="settings-section admin-section" data-testid="settings-admin">
      <ServerPanel />
      <InvitesPanel />
      <UsersPanel />
      <AuditPanel />
    </div>
  );
}
