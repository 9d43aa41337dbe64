// One file's bytes → its reports: read, then audit every match in it. Pure; used by the CLI
// in-process and by the pool's workers.
import type { Finding, ImportResult, MatchRecord, MatchReport, ParseError } from './model.js';
import { importRecord } from './import/index.js';
import { auditMatch, type AuditOptions } from './scoring/audit.js';
import { fileReport } from './file-report.js';

function parseErrorFinding(e: ParseError, game?: number): Finding {
  return {
    code: 'parse-error',
    severity: 'error',
    message: e.expected === 'a text file' ? `not a match file: ${e.found}` : `cannot read this line: expected ${e.expected}, found ${e.found}`,
    ...(game === undefined ? {} : { game }),
    line: e.line,
    column: e.column,
  };
}

/** The match (and game) a line belongs to: the last one that starts at or before it. */
function owner(matches: MatchRecord[], line: number): { match: number; game?: number } {
  let m = 0;
  for (let k = 1; k < matches.length; k++) if (matches[k].line <= line) m = k;
  let game: number | undefined;
  for (const g of matches[m].games) if (g.line <= line) game = g.number;
  return { match: m, game };
}

function reportsOf(imported: ImportResult, file: string, options: AuditOptions = {}): MatchReport[] {
  const { matches, errors, notes } = imported;
  if (matches.length === 0) {
    return [fileReport(file, imported.format, [...errors.map((e) => parseErrorFinding(e)), ...notes])];
  }
  const extra: Finding[][] = matches.map(() => []);
  extra[0].push(...notes);
  for (const e of errors) {
    const o = owner(matches, e.line);
    extra[o.match].push(parseErrorFinding(e, o.game));
  }
  return matches.map((m, k) => auditMatch(m, { ...options, extraFindings: [...(options.extraFindings ?? []), ...extra[k]] }));
}

export function checkFile(bytes: Uint8Array, file: string, options: AuditOptions = {}): MatchReport[] {
  return reportsOf(importRecord(bytes, file), file, options);
}
