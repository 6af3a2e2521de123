// Spec 8: a 429 shows the toast 'Too many requests.' titled Error. When the
// server says how long to wait (retry_after, issue 18), the same toast counts
// the seconds down (too-many-toast.ts, loaded when first needed: the chat
// screen's first load does not carry it).

export function tooManyRequests(retryAfter?: number): void {
  void import('./too-many-toast').then((m) => m.showTooManyRequests(retryAfter));
}
