/** Logout (spec 4): drop every Cache Storage entry this origin holds. */
export async function clearCacheStorage(): Promise<void> {
  if (typeof caches === 'undefined') return; // insecure origins and old browsers have none
  const names = await caches.keys();
  await Promise.all(names.map((name) => caches.delete(name)));
}
