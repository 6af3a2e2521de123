// `npm start`: build the web app if needed, then run the server in this
// same process (tsx compiles TypeScript on load), so signals reach the
// server's own graceful shutdown directly.
import { register } from 'tsx/esm/api';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { ensureWebBuild, root } from './web-build.mjs';

ensureWebBuild();
register();
await import(pathToFileURL(join(root, 'packages/server/src/main.ts')).href);
