import type { ApiClient } from './http';
import { cookieValue, expectStatus } from './http';

// Accounts through the real API, as a browser makes them: the double-submit
// CSRF cookie from any GET, POST /register, POST /login (argon2 both times),
// then GET /user for the id.

export const BENCH_PASSWORD = 'bench-password';

export interface SignedIn {
  id: number;
  token: string;
  login: string;
}

export async function csrfToken(client: ApiClient): Promise<string> {
  const reply = await client.request('GET', '/health');
  const token = cookieValue(reply.setCookie, 'XSRF-TOKEN');
  if (!token) throw new Error('the server set no XSRF-TOKEN cookie');
  return token;
}

export async function login(client: ApiClient, csrf: string, loginName: string): Promise<SignedIn> {
  const signIn = await client.request('POST', '/login', {
    csrf,
    json: { login: loginName, password: BENCH_PASSWORD },
  });
  expectStatus(signIn, 200, `login ${loginName}`);
  const token = (signIn.body as { access_token?: unknown }).access_token;
  if (typeof token !== 'string') throw new Error(`login ${loginName}: no access_token`);
  const me = await client.request('GET', '/user', { token });
  expectStatus(me, 200, `GET /user for ${loginName}`);
  const id = (me.body as { id?: unknown }).id;
  if (typeof id !== 'number') throw new Error(`GET /user for ${loginName}: no id`);
  return { id, token, login: loginName };
}

/** Registers `username` (latin letters and digits) and signs in. */
export async function registerAndLogin(
  client: ApiClient,
  csrf: string,
  username: string,
): Promise<SignedIn> {
  const loginName = `${username}@bench.invalid`;
  const register = await client.request('POST', '/register', {
    csrf,
    json: { name: `Bench ${username}`, username, login: loginName, password: BENCH_PASSWORD },
  });
  expectStatus(register, 200, `register ${username}`);
  return login(client, csrf, loginName);
}
