import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

// zod 4's classic API gives every schema a `toJSONSchema()` method, so any
// app that builds one schema with `z.object(...)` ships zod's whole JSON
// Schema generator (about 18 KB minified, 5 KB gzip). The server needs it
// (OpenAPI); the web app never turns a schema into JSON Schema. For the web
// build only, the two modules the classic schemas import for that are
// replaced by stand-ins: JSON Schema methods throw a clear error, while
// `aggregateChecks` (behind `.minLength`, `.maxValue`, `.format` …) stays
// zod's own. Parsing is untouched. Unit tests run the real zod (vitest does
// not apply build-only plugins).
//
// Tied to zod's file layout: when classic/schemas.js stops importing these
// two files by these names, the build fails here instead of quietly shipping
// the generator again or breaking a method.

const CLASSIC_SCHEMAS = /[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/;
const PROCESSORS = '../core/json-schema-processors.js';
const TO_JSON_SCHEMA = '../core/to-json-schema.js';
const STUB_PREFIX = '\0parley-zod-stub:';

const unavailable = `function unavailable() {
  throw new Error('JSON Schema generation is left out of the web build (build/zod-without-json-schema.ts)');
}`;

function exportNames(file: string): string[] {
  const names = new Set<string>();
  for (const m of readFileSync(file, 'utf8').matchAll(/^export (?:const|function) (\w+)/gm)) {
    names.add(m[1] ?? '');
  }
  return [...names];
}

export function zodWithoutJsonSchema(): Plugin {
  const replaced = new Set<string>();
  let sawClassic = false;
  return {
    name: 'parley:zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !CLASSIC_SCHEMAS.test(importer)) return null;
      sawClassic = true;
      if (source !== PROCESSORS && source !== TO_JSON_SCHEMA) return null;
      replaced.add(source);
      return `${STUB_PREFIX}${join(dirname(importer), source)}`;
    },
    load(id) {
      if (!id.startsWith(STUB_PREFIX)) return null;
      const real = id.slice(STUB_PREFIX.length);
      const names = exportNames(real);
      const processors = real.endsWith('json-schema-processors.js');
      const keep = processors ? ['aggregateChecks'] : [];
      for (const name of keep) {
        if (!names.includes(name)) this.error(`zod no longer exports ${name} from ${real}`);
      }
      // A processor runs only while a JSON Schema is being generated: it throws.
      // The to-json-schema exports the classic schemas use are method factories
      // (`toJSONSchema`, `~standard.jsonSchema`): they return the thrower, so
      // building a schema or reading `~standard` still works.
      const stub = processors ? '() => unavailable()' : '() => unavailable';
      return [
        unavailable,
        ...keep.map((n) => `export { ${n} } from ${JSON.stringify(real)};`),
        ...names.filter((n) => !keep.includes(n)).map((n) => `export const ${n} = ${stub};`),
      ].join('\n');
    },
    buildEnd() {
      if (sawClassic && replaced.size !== 2) {
        this.error(
          `zod's classic schemas no longer import ${[PROCESSORS, TO_JSON_SCHEMA].filter((s) => !replaced.has(s)).join(' and ')}: update build/zod-without-json-schema.ts`,
        );
      }
    },
  };
}
