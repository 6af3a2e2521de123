import { expect } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import type { Account } from './users';

// Direct API calls for seeding journeys (a Bearer token needs no CSRF echo).

export async function tokenFor(request: APIRequestContext, account: Account): Promise<string> {
  await request.get('/api/v1/health');
  const cookie = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
  const res = await request.post('/api/v1/login', {
    data: { login: account.login, password: account.password },
    headers: cookie ? { 'X-CSRF-TOKEN': cookie.value } : {},
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

export async function callApi<T>(
  request: APIRequestContext,
  token: string,
  path: string,
  data?: unknown,
): Promise<T> {
  const headers = { Authorization: `Bearer ${token}` };
  const res =
    data === undefined
      ? await request.get(`/api/v1${path}`, { headers })
      : await request.post(`/api/v1${path}`, { data, headers });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as T;
}
