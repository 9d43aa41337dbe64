// One error of each fixable kind put into a clean record by a byte edit, the way a slip of the
// hand or a careless tool would: the oracle for `bgaudit fix` is that the fixed copy is the
// clean record again, byte for byte. Places are taken from the record as the reader reads it
// (src/import) and the audit's verdicts; the edits themselves are plain text edits, written
// here without the fix's own code.
import { importRecord } from '../../src/import/index.js';
import { auditFile } from '../../src/read/file.js';
import { fileAudit } from '../../src/read/attach.js';
import type { AuditedMatch, GameRecord, MatchRecord } from '../../src/core/model.js';

export type Kind =
  'score-mismatch' | 'points-mismatch' | 'gammon-on-drop' | 'resign-value' | 'winner-mismatch' | 'game-after-match';

export const KINDS: readonly Kind[] = [
  'score-mismatch',
  'points-mismatch',
  'gammon-on-drop',
  'resign-value',
  'winner-mismatch',
  'game-after-match',
];

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');
const bytesOf = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));

/** The clean record's one match, its verdicts, and its lines (LF files only: the tests say so). */
function read(bytes: Uint8Array, name: string): { record: MatchRecord; report: AuditedMatch; lines: string[] } | null {
  const text = latin1(bytes);
  if (text.includes('\r')) return null;
  const { matches } = importRecord(bytes, name);
  const reports = auditFile(bytes, name, fileAudit({}));
  const record = matches[0];
  const report = reports[0];
  if (matches.length !== 1 || record === undefined || report === undefined || report.match === null) return null;
  if (report.findings.some((f) => f.severity !== 'info')) return null;
  return { record, report, lines: text.split('\n') };
}

/** A game that does not win the match, ended as `how`, with a result whose points are written. */
function gameEnded(record: MatchRecord, report: AuditedMatch, how: string[]): GameRecord | null {
  for (const [k, g] of record.games.entries()) {
    const v = report.games[k];
    if (k === record.games.length - 1 || v === undefined || v.termination === null) continue;
    if (how.includes(v.termination) && g.result?.points !== null && g.result !== null) return g;
  }
  return null;
}

/** The record with one error of `kind`, or null when it has no place for one. */
export function inject(bytes: Uint8Array, name: string, kind: Kind): Uint8Array | null {
  const read_ = read(bytes, name);
  if (read_ === null) return null;
  const { record, report, lines } = read_;
  const set = (n: number, text: string) => {
    const out = lines.slice();
    out[n - 1] = text;
    return bytesOf(out.join('\n'));
  };
  const pointsAt = (g: GameRecord) => {
    const r = g.result;
    const text = r ? lines[r.line - 1] : undefined;
    if (r === null || text === undefined) return null;
    const m = /^(Wins\s+)(\d+)/.exec(text.slice(r.column - 1));
    if (m === null) return null;
    const at = r.column - 1 + (m[1] ?? '').length;
    return { line: r.line, text, at, digits: m[2] ?? '' };
  };
  switch (kind) {
    case 'score-mismatch': {
      // A score line followed by another: its left score one more.
      const g = record.games.find((x, k) => k > 0 && k < record.games.length - 1 && x.scoreLine !== undefined);
      const text = g?.scoreLine === undefined ? undefined : lines[g.scoreLine - 1];
      if (g?.scoreLine === undefined || text === undefined) return null;
      const changed = text.replace(/:(\s*)(\d+)/, (_, s: string, n: string) => `:${s}${Number(n) + 1}`);
      return set(g.scoreLine, changed);
    }
    case 'points-mismatch':
    case 'gammon-on-drop': {
      const g = gameEnded(record, report, kind === 'points-mismatch' ? ['bearoff'] : ['drop']);
      const p = g && pointsAt(g);
      if (!p) return null;
      const n = Number(p.digits);
      const wrong = String(kind === 'points-mismatch' ? n + 1 : 2 * n);
      return set(p.line, p.text.slice(0, p.at) + wrong + p.text.slice(p.at + p.digits.length));
    }
    case 'resign-value': {
      // A resignation on a cube of 2 or more written one point more: a value no resignation has.
      for (const [k, g] of record.games.entries()) {
        const v = report.games[k];
        if (k === record.games.length - 1 || v?.termination !== 'resign' || (v.cube?.value ?? 1) < 2) continue;
        const p = pointsAt(g);
        const start = v.startScore.computed;
        // Not in money play, and not as much as the winner needed: that is a resignation capped.
        if (!p || !record.length || start === null || Number(p.digits) + 1 >= record.length - start[v.winner]) continue;
        return set(p.line, p.text.slice(0, p.at) + String(Number(p.digits) + 1) + p.text.slice(p.at + p.digits.length));
      }
      return null;
    }
    case 'winner-mismatch': {
      // A result alone on its line (after its move number) moved under the other player's rolls.
      for (const [k, g] of record.games.entries()) {
        const v = report.games[k];
        if (k === record.games.length - 1 || (v?.termination !== 'bearoff' && v?.termination !== 'drop')) continue;
        const r = g.result;
        const text = r ? lines[r.line - 1] : undefined;
        if (r === null || text === undefined) continue;
        const label = /^( *\d+\))? */.exec(text)?.[0] ?? '';
        if (label.length !== r.column - 1) continue;
        // Where a column starts on this line: the right one where most right rolls start; the
        // left one after the move number and a space, or where most left rolls start on a line
        // without a number.
        const mode = (side: number) => {
          const columns = g.actions.flatMap((a) => (a.type === 'roll' && a.side === side ? [a.column] : []));
          const count = (c: number) => columns.filter((x) => x === c).length;
          return [...new Set(columns)].sort((a, b) => count(b) - count(a) || a - b)[0];
        };
        const number = /^ *\d+\)/.exec(label)?.[0].length;
        const start = (side: number) => (side === 1 || number === undefined ? mode(side) : number + 2);
        const [from, to] = [start(r.winner), start(1 - r.winner)];
        if (from === undefined || to === undefined) continue;
        const column = r.column - from + to;
        const lead = (label.match(/^ *\d+\)/)?.[0] ?? '').padEnd(column - 1);
        return set(r.line, lead + text.slice(r.column - 1).trimEnd());
      }
      return null;
    }
    case 'game-after-match': {
      if (report.findings.some((f) => f.code === 'match-unfinished') || !record.length) return null;
      // A match won beyond doubt: by the board (bearing off, a drop) or by a result that says so.
      const lastGame = record.games[record.games.length - 1];
      const lastEnd = report.games[report.games.length - 1]?.termination;
      if (lastEnd !== 'bearoff' && lastEnd !== 'drop' && lastGame?.result?.andMatch !== true) return null;
      const first = record.games[0];
      const second = record.games[1];
      if (first === undefined || second === undefined) return null;
      // Game 1 again, labelled as the next game, after the game that won the match.
      let end = second.line - 1;
      while (end > first.line && (lines[end - 1] ?? '').trim() === '') end--;
      const block = lines.slice(first.line - 1, end);
      block[0] = (block[0] ?? '').replace(/\d+/, String(record.games.length + 1));
      const text = latin1(bytes);
      const body = text.replace(/\n+$/, '');
      return bytesOf(`${body}\n\n${block.join('\n')}${text.slice(body.length)}`);
    }
  }
}
