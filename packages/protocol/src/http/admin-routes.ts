import {
  adminRoleRequestSchema,
  adminUserListSchema,
  adminUserParamsSchema,
  adminUserQuerySchema,
  adminUserSchema,
  auditListSchema,
  auditQuerySchema,
  createInviteRequestSchema,
  inviteListSchema,
  inviteSchema,
  resetPasswordReplySchema,
  resetPasswordRequestSchema,
  serverSettingsPatchSchema,
  serverSettingsSchema,
} from '../admin';
import { statusOkSchema } from '../auth';
import { del, get, patch, post } from './route';

// The operator's calls (docs/ADMIN.md): everything under /admin answers 403
// to anyone but an administrator. (The public `serverInfo` is in auth-routes.)

const ok = { reply: statusOkSchema };
const user = { params: adminUserParamsSchema };

export const adminRoutes = {
  adminUsers: get('/admin/users', { query: adminUserQuerySchema, reply: adminUserListSchema }),
  adminUser: get('/admin/users/:id', { ...user, reply: adminUserSchema }),
  adminDisableUser: post('/admin/users/:id/disable', { ...user, ...ok }),
  adminEnableUser: post('/admin/users/:id/enable', { ...user, ...ok }),
  adminDeleteUser: del('/admin/users/:id', { ...user, ...ok }),
  adminSignOutUser: post('/admin/users/:id/sign-out', { ...user, ...ok }),
  adminResetPassword: post('/admin/users/:id/password', {
    ...user,
    body: resetPasswordRequestSchema,
    reply: resetPasswordReplySchema,
  }),
  adminSetRole: post('/admin/users/:id/role', { ...user, body: adminRoleRequestSchema, ...ok }),
  adminSettings: get('/admin/settings', { reply: serverSettingsSchema }),
  adminChangeSettings: patch('/admin/settings', {
    body: serverSettingsPatchSchema,
    reply: serverSettingsSchema,
  }),
  adminInvites: get('/admin/invites', { reply: inviteListSchema }),
  adminCreateInvite: post('/admin/invites', {
    body: createInviteRequestSchema,
    reply: inviteSchema,
  }),
  adminRevokeInvite: del('/admin/invites/:id', { params: adminUserParamsSchema, ...ok }),
  adminAudit: get('/admin/audit', { query: auditQuerySchema, reply: auditListSchema }),
};
