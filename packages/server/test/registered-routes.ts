import type { Server } from './harness';

/**
 * Every "METHOD path" the app registered, from Fastify's route tree (the
 * only listing Fastify offers once the routes are in). HEAD routes that
 * Fastify adds beside each GET are left out.
 */
export function registered(server: Server): string[] {
  const tree = server.app.printRoutes({ commonPrefix: false });
  const prefixes: string[] = [];
  const found: string[] = [];
  for (const line of tree.split('\n')) {
    const node = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!node) continue;
    const depth = (node[1] ?? '').length / 4;
    prefixes.length = depth;
    const path = (prefixes[depth - 1] ?? '') + (node[2] ?? '');
    prefixes[depth] = path;
    for (const method of node[3]?.split(', ') ?? []) {
      if (method !== 'HEAD') found.push(`${method} ${path}`);
    }
  }
  return found;
}
