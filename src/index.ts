// The library's public API.
export type * from './model.js';
export { decode } from './decode.js';
export { parseMat } from '../grammars/mat.js';
export { importRecord } from './import/index.js';
export { detectFormat } from './import/detect.js';
export { auditMatch } from './scoring/audit.js';
export { auditFile } from './check.js';
export { run } from './cli.js';
