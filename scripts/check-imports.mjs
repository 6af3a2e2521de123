// `npm test`'s import-zone check: the layering the package READMEs state,
// held by a tool (dependency-cruiser reads every import; the rules are here).
// Type-only imports are left out, as in the file-level cycle check (dpdm
// --transform): they vanish at run time, and a platform module may name a
// feature's service interface it is handed.
//
// 1. Zones: which folders may import which (ZONES below).
// 2. No folder-level cycles in the server and the web app: folders are
//    `src/<top>` and `src/features/<name>`; the composition roots (server
//    app.ts with app-routes.ts and app-jobs.ts, main.ts, deps.ts, admin-cli.ts; web main.tsx) stand apart. Test files and
//    test helpers may import anything.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './build.mjs';

const PLATFORM = 'http|store|bus|storage|media|jobs|metrics|events';
/** [name, importer pattern, forbidden import pattern] */
const ZONES = [
  [
    'protocol is pure: no server, web or Node code',
    /^packages\/protocol\//,
    /^packages\/(server|web)\/|^node:|^(fs|path|crypto|os)$/,
  ],
  [
    'server platform imports no feature and no realtime',
    new RegExp(`^packages/server/src/(${PLATFORM})/`),
    /^packages\/server\/src\/(features|realtime)\//,
  ],
  [
    'server realtime imports no feature',
    /^packages\/server\/src\/realtime\//,
    /^packages\/server\/src\/features\//,
  ],
  [
    'server features import no realtime',
    /^packages\/server\/src\/features\//,
    /^packages\/server\/src\/realtime\//,
  ],
  [
    'web lib, api, ui import no feature, sync or app',
    /^packages\/web\/src\/(lib|api|ui|locales)\//,
    /^packages\/web\/src\/(features|sync|app)\//,
  ],
  [
    'web features import neither sync nor app (lib/sync-actions is the way back)',
    /^packages\/web\/src\/features\//,
    /^packages\/web\/src\/(sync|app)\//,
  ],
  ['web sync does not import app', /^packages\/web\/src\/sync\//, /^packages\/web\/src\/app\//],
];

const isTest = (path) => /\.test\.tsx?$|\/src\/test\/|\/test\//.test(path);

function folderOf(path) {
  const m = /^packages\/(server|web)\/src\/(?:(features\/[^/]+)|([^/]+))(\/)?/.exec(path);
  if (!m) return null;
  if (m[2]) return `${m[1]}/${m[2]}`;
  if (m[4]) return `${m[1]}/${m[3]}`;
  return /^(app|app-routes|app-jobs|main|deps|admin-cli)\.tsx?$/.test(m[3])
    ? `${m[1]}/(root)`
    : `${m[1]}/(shared)`;
}

const run = spawnSync(
  join(root, 'node_modules/.bin/depcruise'),
  [
    'packages/protocol/src',
    'packages/server/src',
    'packages/web/src',
    '--no-config',
    '--do-not-follow',
    'node_modules',
    '--ts-pre-compilation-deps',
    '--ts-config',
    'tsconfig.base.json',
    '--output-type',
    'json',
  ],
  { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
);
if (run.status !== 0) {
  console.error(run.stderr);
  process.exit(2);
}
const { modules } = JSON.parse(run.stdout);

const problems = [];
const folderEdges = new Map();
for (const mod of modules) {
  if (isTest(mod.source)) continue;
  for (const dep of mod.dependencies) {
    if (dep.dependencyTypes.includes('type-only')) continue;
    const target = dep.coreModule ? `node:${dep.module.replace(/^node:/, '')}` : dep.resolved;
    for (const [name, from, to] of ZONES) {
      if (from.test(mod.source) && to.test(target))
        problems.push(`${name}: ${mod.source} → ${target}`);
    }
    const a = folderOf(mod.source);
    const b = folderOf(dep.resolved);
    if (!a || !b || a === b) continue;
    if (!folderEdges.has(a)) folderEdges.set(a, new Map());
    folderEdges.get(a).set(b, `${mod.source} → ${dep.resolved}`);
  }
}

// Folder cycles: strongly connected components (Tarjan) of the folder graph.
let index = 0;
const indexOf = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
function visit(v) {
  indexOf.set(v, index);
  low.set(v, index++);
  stack.push(v);
  onStack.add(v);
  for (const w of folderEdges.get(v)?.keys() ?? []) {
    if (!indexOf.has(w)) {
      visit(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), indexOf.get(w)));
  }
  if (low.get(v) !== indexOf.get(v)) return;
  const component = [];
  let w;
  do {
    w = stack.pop();
    onStack.delete(w);
    component.push(w);
  } while (w !== v);
  if (component.length < 2) return;
  const inside = new Set(component);
  const edges = component.flatMap((a) =>
    [...(folderEdges.get(a) ?? [])].filter(([b]) => inside.has(b)).map(([, e]) => `    ${e}`),
  );
  problems.push(`folder cycle: ${component.join(' ↔ ')}\n${edges.join('\n')}`);
}
for (const v of folderEdges.keys()) if (!indexOf.has(v)) visit(v);

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`\n${problems.length} import rule(s) broken (scripts/check-imports.mjs).`);
  process.exit(1);
}
console.log(
  `import zones: ${modules.filter((m) => m.source.startsWith('packages/')).length} modules, ${ZONES.length} zones, no folder cycles`,
);
