// `npm start`: build what is missing (scripts/build.mjs), then run the
// compiled server (packages/server/dist/main.js) in this same process, so
// signals reach the server's own graceful shutdown directly. (The npm script
// is `exec node …`: without exec, npm's `sh -c` sits between npm and this
// process, and stopping npm killed the shell and left the server running.)
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { ensureBuilt, root } from './build.mjs';

await ensureBuilt();
await import(pathToFileURL(join(root, 'packages/server/dist/main.js')).href);
