/**
 * Whether `promise` settles (either way) within `ms`; the timer is cleared
 * as soon as it does. For a wait that must not hold its caller up for long:
 * a service worker install at logout, a Web Lock grant.
 */
export async function settledWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const settled = promise.then(
    () => true,
    () => true,
  );
  try {
    return await Promise.race([
      settled,
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
