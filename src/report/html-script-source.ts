// The text of the page's script (page/script.js), read beside this module: in src/ where it is
// written, in dist/src/ where the build copies it (scripts/page-script.mjs). The bundles have no
// such file: scripts/bundle.mjs puts the text itself in place of this module.
import { readFileSync } from 'node:fs';

export const PAGE_SCRIPT = readFileSync(new URL('page/script.js', import.meta.url), 'utf8');
