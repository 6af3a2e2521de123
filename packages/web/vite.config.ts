import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// The server serves dist/ with an SPA fallback and gives hashed files under
// /assets/ and /js/chunks/ immutable caching, so these output paths are part
// of the contract with packages/server (spec 2: chunks under js/chunks).
const API_TARGET = 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/',
  plugins: [
    react(),
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
        // The emitted file is dist/sw.js (filename above is the source name).
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
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
