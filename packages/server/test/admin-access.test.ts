import { beforeAll, describe, expect, it } from 'vitest';
import { pathOf } from '@parley/protocol/http/route';
import { adminRoutes } from '@parley/protocol/http/admin-routes';
import { MSG } from '@parley/protocol/messages';
import { Client, registerAndLogin } from './harness';
import type { SignedIn } from './harness';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// Every admin call × every kind of caller (issue 19): only a signed-in,
// enabled administrator gets through. Anonymous callers and ended sessions
// (a disabled account's) get 401 like every other signed-in route; signed-in
// users without the role — including an admin whose role was taken away
// while still signed in — get 403. A refused call must change nothing.

type AdminRouteName = keyof typeof adminRoutes;

/** A valid request for each admin route, against `target` (a user id) and `invite` (an invite id). */
const requests: Record<
  AdminRouteName,
  (target: number, invite: number) => { params?: Record<string, number>; body?: unknown }
> = {
  adminUsers: () => ({}),
  adminUser: (id) => ({ params: { id } }),
  adminDisableUser: (id) => ({ params: { id } }),
  adminEnableUser: (id) => ({ params: { id } }),
  adminDeleteUser: (id) => ({ params: { id } }),
  adminSignOutUser: (id) => ({ params: { id } }),
  adminResetPassword: (id) => ({ params: { id }, body: {} }),
  adminSetRole: (id) => ({ params: { id }, body: { is_admin: false } }),
  adminSettings: () => ({}),
  adminChangeSettings: () => ({ body: { name: 'Changed' } }),
  adminInvites: () => ({}),
  adminCreateInvite: () => ({ body: {} }),
  adminRevokeInvite: (_id, invite) => ({ params: { id: invite } }),
  adminAudit: () => ({}),
};

describe.each(stores())('admin access matrix ($name)', (backend) => {
  const suite = useSuiteServer(backend);
  let client: Client;
  let admin: SignedIn;
  let normal: SignedIn;
  let formerAdmin: SignedIn;
  let disabled: SignedIn;

  const idOf = async (who: SignedIn) =>
    (await client.get<{ id: number }>('/user', { token: who.access_token })).body.id;

  const call = (
    name: AdminRouteName,
    token: string | undefined,
    target: number,
    invite: number,
  ) => {
    const route = adminRoutes[name];
    const { params, body } = requests[name](target, invite);
    return client.call(route.method, `/api/v1${pathOf(route, params)}`, body, { token });
  };

  const auditTotal = async () =>
    (await client.get<{ total: number }>('/admin/audit', { token: admin.access_token })).body.total;

  beforeAll(async () => {
    client = suite.client;
    admin = await registerAndLogin(client); // the install's first account
    normal = await registerAndLogin(client);
    formerAdmin = await registerAndLogin(client);
    disabled = await registerAndLogin(client);
    const token = admin.access_token;
    const role = await client.post(
      `/admin/users/${await idOf(formerAdmin)}/role`,
      { is_admin: true },
      { token },
    );
    expect(role.status).toBe(200);
    // The role goes while the session stays.
    await client.post(
      `/admin/users/${await idOf(formerAdmin)}/role`,
      { is_admin: false },
      { token },
    );
    const disabledId = await idOf(disabled);
    expect((await client.post(`/admin/users/${disabledId}/disable`, {}, { token })).status).toBe(
      200,
    );
  });

  it('covers every admin route of the table', () => {
    const names = Object.keys(adminRoutes);
    expect(names.sort()).toEqual(Object.keys(requests).sort());
  });

  const refusals: [string, () => string | undefined, number, string][] = [
    ['anonymous', () => undefined, 401, MSG.unauthenticated],
    ['a normal user', () => normal.access_token, 403, MSG.forbidden],
    ['an admin whose role was revoked', () => formerAdmin.access_token, 403, MSG.forbidden],
    ['a disabled user (session ended)', () => disabled.access_token, 401, MSG.unauthenticated],
  ];

  for (const name of Object.keys(requests) as AdminRouteName[]) {
    describe(name, () => {
      for (const [who, token, status, message] of refusals) {
        it(`refuses ${who} with ${status}, changing nothing`, async () => {
          const target = await registerAndLogin(new Client(suite.server.url));
          const targetId = await idOf(target);
          const invite = await client.post<{ id: number }>(
            '/admin/invites',
            {},
            { token: admin.access_token },
          );
          const before = await auditTotal();
          const res = await call(name, token(), targetId, invite.body.id);
          expect(res.status).toBe(status);
          expect(res.body).toEqual({ message });
          expect(await auditTotal()).toBe(before);
          // The target can still use its account.
          expect((await client.get('/user', { token: target.access_token })).status).toBe(200);
        });
      }

      it('lets the admin through', async () => {
        const target = await registerAndLogin(new Client(suite.server.url));
        const invite = await client.post<{ id: number }>(
          '/admin/invites',
          {},
          { token: admin.access_token },
        );
        const res = await call(name, admin.access_token, await idOf(target), invite.body.id);
        expect(res.status).toBe(200);
      });
    });
  }

  it('answers the public server info to anyone', async () => {
    const res = await new Client(suite.server.url).get('/server');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ registration_mode: 'open', password_min_length: 5 });
  });
});
