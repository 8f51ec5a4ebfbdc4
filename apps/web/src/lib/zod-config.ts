import { z } from 'zod';

// The page's CSP allows no eval: zod must not probe for it (a CSP violation on every load) nor compile
// parsers with new Function. Imported first by main.tsx, before any schema parses.
z.config({ jitless: true });
