// Before any schema is built (main.tsx imports this first): zod's compiled
// fast path probes `new Function` once, and the CSP (script-src 'self', no
// 'unsafe-eval') refuses it with a securitypolicyviolation report on every
// page load. The probe would fail anyway, so parsing is what it always was
// here: interpreted. docs/OPERATIONS.md, "Content-Security-Policy".
//
// Through zod's global config object (zod/v4/core/core.js adopts
// `globalThis.__zod_globalConfig` when it loads) rather than `config()`:
// importing zod in the entry module cost the first load 0.8 KB gzip.
// zod-config.test.ts checks that zod still reads it.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
