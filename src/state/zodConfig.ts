/**
 * Zod without its eval-based fast path: the built page's Content-Security-Policy forbids `unsafe-eval`, and zod's
 * probe for it (`new Function`) would be reported as a violation. Imported first by every module that defines
 * schemas, so the setting holds before any schema parses (in the page and in tests alike).
 */
import { z } from 'zod';

z.config({ jitless: true });
