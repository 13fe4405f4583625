import { config } from 'zod/v4/core';

// zod's fast path compiles parsers with `new Function`, which the Content-Security-Policy forbids
// (script-src 'self', no 'unsafe-eval'); even its probe for eval is reported as a violation. Set
// before any schema exists (index.ts imports this first). The browser validates forms, not bulk
// data, so the interpreted path costs nothing a person notices; the server keeps the fast path.
config({ jitless: true });
