// `show --line L:C` draws the position a finding carries, for either column of a move line: over
// every finding with a position in real corpus files, as written and with one error put into
// them (a move of the left or the right column given the wrong dice, a score line, a result).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditFile } from '../../src/read/file.js';
import { fileAudit } from '../../src/read/attach.js';
import { renderShow } from '../../src/report/show.js';
import { CORPUS, FIXTURES } from '../helpers.js';

const encoder = new TextEncoder();

/** The Position IDs `show --line L:C` prints (one board, so one ID), or `show --line L` without a column. */
function shownIds(bytes: Uint8Array, name: string, line: number, column: number | undefined): string[] {
  const reports = auditFile(bytes, name, fileAudit({ at: { line, column } }));
  const text = renderShow(reports, { line, column });
  return [...text.matchAll(/Position ID (\S+)/g)].map((m) => m[1]);
}

/** Each finding with a position and a place: `line:column code` → its Position ID. */
function positioned(
  bytes: Uint8Array,
  name: string,
): { place: string; line: number; column: number | undefined; id: string }[] {
  const out = [];
  for (const r of auditFile(bytes, name))
    for (const f of r.findings)
      if (f.position && f.line !== undefined)
        out.push({
          place: `${name}:${f.line}${f.column === undefined ? '' : `:${f.column}`} ${f.code}`,
          line: f.line,
          column: f.column,
          id: f.position.positionId,
        });
  return out;
}

const MOVE_LINE = /^(\s*\d+\)\s+)(\d\d)(: \S.*?\s{2,})(\d\d)(: \S.*)$/;

/** The file with one error put in: `kind` says which; null when the file has no place for it. */
function injected(text: string, kind: 'left dice' | 'right dice' | 'score' | 'result', k: number): string | null {
  const lines = text.split('\n');
  const at = (re: RegExp) => {
    const found = lines.flatMap((l, i) => (re.test(l) ? [i] : []));
    return found.length === 0 ? -1 : found[k % found.length];
  };
  if (kind === 'left dice' || kind === 'right dice') {
    const i = at(MOVE_LINE);
    if (i < 0) return null;
    lines[i] = lines[i].replace(MOVE_LINE, (_, a, d1, b, d2, c) =>
      kind === 'left dice'
        ? `${a}${d1 === '66' ? '55' : '66'}${b}${d2}${c}`
        : `${a}${d1}${b}${d2 === '66' ? '55' : '66'}${c}`,
    );
  } else if (kind === 'score') {
    const i = at(/^\s*\S.*\s:\s\d+\s+\S.*\s:\s\d+\s*$/);
    if (i < 0) return null;
    lines[i] = lines[i].replace(/:\s(\d+)\s*$/, (m, n) => m.replace(n, String(Number(n) + 1)));
  } else {
    const i = at(/Wins \d+ point/);
    if (i < 0) return null;
    lines[i] = lines[i].replace(/Wins (\d+)/, (_, n) => `Wins ${Number(n) + 1}`);
  }
  return lines.join('\n');
}

describe('show --line L:C draws the position a finding carries', () => {
  const matDir = join(CORPUS, 'mat');
  const mats = readdirSync(matDir)
    .filter((n) => n.endsWith('.mat'))
    .sort()
    .filter((_, k) => k % 25 === 0);
  const sgfs = readdirSync(join(CORPUS, 'sgf'))
    .filter((n) => n.endsWith('.sgf'))
    .map((n) => join('sgf', n));
  // Real files with findings of their own, and the sample records made to show illegal moves.
  const natural = [
    ...readdirSync(matDir)
      .filter((n) => n.includes('Minchy') || n.includes('match8985531'))
      .map((n) => join(CORPUS, 'mat', n)),
    ...sgfs.map((n) => join(CORPUS, n)),
    ...['moves', 'scoring'].flatMap((d) =>
      readdirSync(join(FIXTURES, d))
        .filter((n) => n.endsWith('.mat'))
        .map((n) => join(FIXTURES, d, n)),
    ),
  ];

  it('on findings of real files, as written and with one error put in, for either column', () => {
    const wrong: string[] = [];
    let compared = 0;
    let rightColumn = 0;
    const check = (bytes: Uint8Array, name: string) => {
      for (const f of positioned(bytes, name)) {
        const ids = shownIds(bytes, name, f.line, f.column);
        compared++;
        if (f.column !== undefined && f.column > 20) rightColumn++;
        // A finding without a column: the bare line draws its board among the line's.
        const right = f.column === undefined ? ids.includes(f.id) : ids.length === 1 && ids[0] === f.id;
        if (!right) wrong.push(`${f.place}: shows ${ids.join(', ') || 'nothing'}, the finding carries ${f.id}`);
      }
    };
    for (const path of natural) check(readFileSync(path), path);
    mats.forEach((name, k) => {
      const text = readFileSync(join(matDir, name), 'utf8');
      for (const kind of ['left dice', 'right dice', 'score', 'result'] as const) {
        const changed = injected(text, kind, k * 7 + 3);
        if (changed !== null) check(encoder.encode(changed), `${name} (${kind})`);
      }
    });
    expect(wrong.slice(0, 10)).toEqual([]);
    expect(compared).toBeGreaterThan(150);
    expect(rightColumn).toBeGreaterThan(40);
  });
});
