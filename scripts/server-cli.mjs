// `npm run admin` and `npm run migrate-to-postgres`: build the server if its
// build is missing (scripts/build.mjs), then run that tool's compiled file
// in this process with the remaining arguments — the same in a development
// checkout and in a production install without dev dependencies.
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { ensureBuilt, root } from './build.mjs';

const tool = process.argv[2];
if (tool !== 'admin-cli' && tool !== 'migrate-to-postgres') {
  console.error('usage: node scripts/server-cli.mjs admin-cli|migrate-to-postgres [arguments]');
  process.exit(2);
}
// The tool reads its own arguments from process.argv.slice(2).
process.argv.splice(2, 1);
await ensureBuilt(['server']);
await import(pathToFileURL(join(root, `packages/server/dist/${tool}.js`)).href);
