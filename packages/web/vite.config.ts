import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { reactRouterProduction } from './build/react-router-production.ts';
import { zodWithoutJsonSchema } from './build/zod-without-json-schema.ts';

// The server serves dist/ with an SPA fallback and gives hashed files under
// /assets/ and /js/chunks/ immutable caching, so these output paths are part
// of the contract with packages/server (spec 2: chunks under js/chunks).
const API_TARGET = 'http://127.0.0.1:8080';

/**
 * sonner writes its CSS into a <style> element when it loads, which the
 * server's CSP (style-src 'self', no 'unsafe-inline') refuses. The build
 * puts an import of sonner's own stylesheet (sonner/dist/styles.css, the
 * same rules) in place of that call, so the toaster's chunk brings a CSS
 * file instead; the build fails if sonner changes how it injects, rather
 * than shipping a toaster without styles. Tests (jsdom, no CSP) keep
 * sonner as it is.
 */
const sonnerCssAsFile: Plugin = {
  name: 'parley-sonner-css-as-file',
  enforce: 'pre',
  transform(code, id) {
    if (!/node_modules[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null;
    const replaced = code.replace(/^__insertCSS\(".*"\);$/m, "import 'sonner/dist/styles.css';");
    if (replaced === code) this.error('sonner no longer injects its CSS as expected');
    return { code: replaced, map: null };
  },
};

/**
 * vite-plugin-pwa builds the service worker (sw.ts) as one file with
 * `output.inlineDynamicImports: true`, which Rolldown reports as deprecated
 * on every build. The same thing in Rolldown's own words is
 * `codeSplitting: false`: this plugin, run by that inner build only, swaps one
 * for the other, so the worker is still one file and the build says nothing.
 */
const swAsOneFile: Plugin = {
  name: 'parley-sw-as-one-file',
  config(config) {
    const output = config.build?.rollupOptions?.output;
    if (!output || Array.isArray(output) || output.inlineDynamicImports !== true) return;
    delete output.inlineDynamicImports;
    // Rolldown's option; the Rollup output type Vite exposes here does not list it yet.
    Object.assign(output, { codeSplitting: false });
  },
};

export default defineConfig({
  base: '/',
  plugins: [
    sonnerCssAsFile,
    react(),
    zodWithoutJsonSchema(),
    reactRouterProduction(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // Registered by src/app/service-worker.ts with workbox-window after the load event.
      injectRegister: false,
      manifest: {
        name: 'Parley',
        short_name: 'Parley',
        description: 'A fast, private, self-hosted messenger.',
        start_url: '/chat',
        scope: '/',
        display: 'standalone',
        background_color: '#0f1115',
        theme_color: '#4f6bed',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          // Maskable: full bleed with the mark in the safe zone (a platform cuts its own shape).
          {
            src: '/icons/icon-maskable-192.png',
            sizes: '192x192',
            type: 'image/png',
            purpose: 'maskable',
          },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
          { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      injectManifest: {
        buildPlugins: { vite: [swAsOneFile] },
        // The emitted file is dist/sw.js (filename above is the source name).
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The emoji picker's data (@emoji-mart/data, 430 KB) is fetched when
        // the picker first opens, not installed with the app: every new
        // browser would otherwise download and store it up front.
        globIgnores: ['js/chunks/native-*.js'],
        // Hashed names need no revision parameter: they are precached under
        // their own URL, which lets sw.ts route them to the precache without
        // the worker (static routing matches the request's URL as it is).
        dontCacheBustURLsMatching: /^(assets|js\/chunks)\//,
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: 'dist',
    // No modulepreload polyfill (0.23 KB gzip of the chat's first load, which
    // paid for Web Push's socket report and settings texts): browsers since
    // Chrome 66, Firefox 115 and Safari 17 have <link rel="modulepreload">; an
    // older one still loads every chunk, only without preloading it.
    modulePreload: { polyfill: false },
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'js/chunks/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        // Named vendor chunks instead of shared chunks named after whichever
        // module came first ("Logo", "constants"): readable build reports and
        // a framework chunk that stays cached across app deploys.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|use-sync-external-store)[\\/]/,
            },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
            // The chat list and the message history share it; neither first
            // paint waits for it (features/conversations/ui/ConversationList).
            { name: 'virtuoso', test: /node_modules[\\/]react-virtuoso[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false, ws: true },
    },
  },
});
