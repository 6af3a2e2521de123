import { z } from 'zod';

// Before any schema is built (main.tsx imports this first): zod's compiled
// fast path probes `new Function` once, and the CSP (script-src 'self', no
// 'unsafe-eval') refuses it with a securitypolicyviolation report on every
// page load. The probe would fail anyway, so parsing is what it always was
// here: interpreted. docs/OPERATIONS.md, "Content-Security-Policy".
z.config({ jitless: true });
