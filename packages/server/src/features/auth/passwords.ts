import { hash, verify } from '@node-rs/argon2';

// argon2id with the library defaults (19 MiB, 2 passes, 1 lane: the OWASP
// baseline), about 40 ms a hash here. The algorithm is recorded in the hash
// string, so parameters can be raised later without breaking old hashes.

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash is a failed sign-in, not a 500
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends one verification on an unknown login so the reply takes as long as
 * for a known one: response time must not tell which logins exist.
 */
export async function burnVerification(password: string): Promise<void> {
  dummyHash ??= hashPassword('parley-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}
