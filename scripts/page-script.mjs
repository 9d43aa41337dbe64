// The HTML report's page script (src/report/page/script.js) beside tsc's output, in
// dist/src/report/page/, where html-script-source.ts reads it: tsc leaves the file out, as it is
// checked on its own (src/report/page/tsconfig.json), against the DOM, and emits nothing.
import { copyFileSync, mkdirSync } from 'node:fs';

mkdirSync('dist/src/report/page', { recursive: true });
copyFileSync('src/report/page/script.js', 'dist/src/report/page/script.js');
