/**
 * The "encoded error detail" of the crash screen (spec 2): name, message and
 * the first stack lines, UTF-8 then base64url, so a user can paste one
 * opaque line into a bug report without it being mangled by chat clients.
 */
export function encodeCrashDetail(error: unknown, stackLines = 6): string {
  const text =
    error instanceof Error
      ? [
          `${error.name}: ${error.message}`,
          ...(error.stack ?? '')
            .split('\n')
            .slice(1, 1 + stackLines)
            .map((l) => l.trim()),
        ]
          .filter(Boolean)
          .join('\n')
      : `Thrown: ${safeString(error)}`;
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Reverse of encodeCrashDetail, for whoever reads the report. */
export function decodeCrashDetail(encoded: string): string {
  const base64 = encoded.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

function safeString(value: unknown): string {
  try {
    return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    return String(value);
  }
}
