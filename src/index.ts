// The library's public API.
import { parseMat as parseMatShared } from '../grammars/mat.js';
import { importRecord as importRecordShared } from './import/index.js';
import type { ImportResult } from './core/model.js';
import type { MatSyntax } from '../grammars/mat-nodes.js';

export type * from './core/model.js';
export { decode } from './read/decode.js';
export { detectFormat } from './formats/index.js';
export { auditMatch } from './scoring/audit.js';
export type { AuditContext, AuditObserver, GameJudged, MatchEnd } from './scoring/audit.js';
export { auditFile } from './read/file.js';
// What the CLI asks of each match's audit, as observers a file's audit attaches (`auditFile`'s third argument).
export { fileAudit, type AuditRequest, type FileAudit } from './read/attach.js';
export { run } from './cli.js';

// Inside bgaudit a move token (`8/5*`) and a roll's dice are one object for every file of a
// run, read-only by type and not frozen (a frozen array is read on a slower path): a caller that
// changed them would change every later audit in the process. What the library hands out is
// its caller's own: a copy.

/** A `.mat` file's syntax tree, the caller's own to change. */
export function parseMat(text: string): MatSyntax {
  return structuredClone(parseMatShared(text));
}

/** A file's match records (or why it cannot be read), the caller's own to change. */
export function importRecord(bytes: Uint8Array, name: string): ImportResult {
  return structuredClone(importRecordShared(bytes, name));
}
