/** Spec 5: a leading @ on the username is removed when logging in. */
export function stripLeadingAt(value: string): string {
  return value.startsWith('@') ? value.slice(1) : value;
}

/** Usernames are unique without regard to case; this is the form they are compared in. */
export function usernameKey(value: string): string {
  return value.trim().toLowerCase();
}

/** Logins are unique and matched without regard to case. */
export function loginKey(login: string): string {
  return login.trim().toLowerCase();
}
