import type { CreateInviteRequest, ServerSettingsPatch } from '@parley/protocol/admin';
import { adminRoutes } from '@parley/protocol/http/admin-routes';
import { call } from '../../../api/http';

// The admin console's calls (docs/ADMIN.md). Forms show their own errors
// (silent); list loads report failures in the shared error list.

export const listUsers = (q: string, offset: number, limit: number) =>
  call(adminRoutes.adminUsers, { query: { q: q || undefined, offset, limit } });

export type UserAction = 'disable' | 'enable' | 'delete' | 'signOut';

export function userAction(action: UserAction, id: number) {
  const params = { id };
  switch (action) {
    case 'disable':
      return call(adminRoutes.adminDisableUser, { params });
    case 'enable':
      return call(adminRoutes.adminEnableUser, { params });
    case 'delete':
      return call(adminRoutes.adminDeleteUser, { params });
    case 'signOut':
      return call(adminRoutes.adminSignOutUser, { params });
  }
}

export const resetPassword = (id: number) =>
  call(adminRoutes.adminResetPassword, { params: { id }, body: {} });

export const setRole = (id: number, isAdmin: boolean) =>
  call(adminRoutes.adminSetRole, { params: { id }, body: { is_admin: isAdmin } });

export const getServerSettings = () => call(adminRoutes.adminSettings);

export const changeServerSettings = (body: ServerSettingsPatch) =>
  call(adminRoutes.adminChangeSettings, { body, silent: true });

/** `background`: the panel's periodic re-read, which keeps quiet when it fails. */
export const listInvites = (background = false) =>
  call(adminRoutes.adminInvites, { silent: background });

export const createInvite = (body: CreateInviteRequest) =>
  call(adminRoutes.adminCreateInvite, { body, silent: true });

export const revokeInvite = (id: number) => call(adminRoutes.adminRevokeInvite, { params: { id } });

export const listAudit = (offset: number, limit: number) =>
  call(adminRoutes.adminAudit, { query: { offset, limit } });
