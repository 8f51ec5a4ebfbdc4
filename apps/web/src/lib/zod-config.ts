import { z } from 'zod';
// Chinese validation messages (the contract's locale), imported here since the pages import the contract's
// modules one by one, not its index (issue 33: a page evaluates only the schemas it uses).
import '@venue/contract/common/locale';

// The page's CSP allows no eval: zod must not probe for it (a CSP violation on every load) nor compile
// parsers with new Function. Imported first by main.tsx, before any schema parses.
z.config({ jitless: true });
