import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

// react-router 7 exports only its development build, so production bundles
// ship its dev warnings (remix-run/react-router#14102, open; #12532: the
// export map is "intended to be temporary"). Its production build sits
// beside it: the same code with ENABLE_DEV_WARNINGS off. The web build takes
// that one; the dev server and unit tests keep the development build.

export function reactRouterProduction(): Plugin {
  const production = join(
    dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist/production/index.mjs',
  );
  return {
    name: 'parley:react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return source === 'react-router' ? production : null;
    },
  };
}
