// The library's API hands out records of the caller's own: the readers share one object per move
// token and per roll's dice among all files (grammars/mat-moves.ts), and a caller that changed
// those would change every later audit in the process.
import { describe, expect, it } from 'vitest';
import { auditFile, decode, fileAudit, importRecord, parseMat } from '../src/index.js';
import { importRecord as importShared } from '../src/import/index.js';
import { fixture } from './helpers.js';

const FILE = ['mat', 'bbgt-two-matches-gridgammon-ratings.mat'] as const;
const codes = () => auditFile(fixture(...FILE), 'b.mat').map((r) => r.findings.map((f) => f.code));

describe('the library API', () => {
  it('importRecord: the same record as the reader makes, and changing it changes no later audit', () => {
    const before = codes();
    const record = importRecord(fixture(...FILE), 'a.mat');
    expect(record).toEqual(importShared(fixture(...FILE), 'a.mat'));
    let changed = 0;
    for (const m of record.matches)
      for (const g of m.games)
        for (const a of g.actions)
          if (a.type === 'roll') {
            (a.dice as unknown as number[])[0] = 3;
            for (const t of a.moves) (t.points as unknown as number[])[1] = 3;
            changed++;
          }
    expect(changed).toBe(6);
    expect(codes()).toEqual(before);
  });

  it('parseMat: changing its tree changes no later audit', () => {
    const before = codes();
    const text = decode(fixture(...FILE));
    if (!text.ok) throw new Error('fixture not text');
    const tree = JSON.stringify(parseMat(text.text));
    // The first number of every array of numbers of the tree (dice, token points) made 3 (the
    // same shared token met twice must not undo it).
    const change = (v: unknown): void => {
      if (Array.isArray(v)) {
        if (v.length > 0 && v.every((x) => typeof x === 'number')) v[0] = 3;
        else v.forEach(change);
      } else if (v !== null && typeof v === 'object') Object.values(v).forEach(change);
    };
    const parsed = parseMat(text.text);
    change(parsed);
    expect(JSON.stringify(parsed)).not.toBe(tree);
    expect(codes()).toEqual(before);
  });

  it('auditFile: what the CLI asks of the audit besides findings, through fileAudit', () => {
    const reports = auditFile(fixture(...FILE), 'b.mat', fileAudit({ gameStats: true, matchSummary: true }));
    expect(reports.length).toBe(2);
    for (const r of reports) {
      expect('summary' in r && r.summary !== undefined).toBe(true);
      expect('games' in r && r.games.every((g) => g.stats !== undefined)).toBe(true);
    }
  });
});
