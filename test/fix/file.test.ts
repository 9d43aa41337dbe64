// fixFile keeps a fixed copy only when its audit says it is right: a fix that leaves its finding,
// makes a new one or changes the play is refused. The audit's fixes are right, so these tests
// give a finding a wrong one, as an observer of the audit may add to a report.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS } from '../helpers.js';
import type { TextEdit } from '../../src/core/findings.js';
import type { AuditedMatch } from '../../src/core/model.js';
import { fileAudit, type FileAudit } from '../../src/read/attach.js';
import { fixFile } from '../../src/fix/file.js';

const FILE = join(CORPUS, 'gnubg-generated', 'm14_len7_driven_resign.mat');

/** The clean record with game 1's result written as 5 points (it is worth 4). */
function wrongPoints(): Uint8Array {
  const text = readFileSync(FILE, 'latin1').replace('      Wins 4 points', '      Wins 5 points');
  return new Uint8Array(Buffer.from(text, 'latin1'));
}

/** The audit, with `edits` put in place of the points-mismatch's own fix. */
function auditFixingWith(edits: TextEdit[]): FileAudit {
  return {
    ...fileAudit({ positions: 'final' }),
    attach: () => [
      {
        endMatch(report: AuditedMatch) {
          for (const f of report.findings) if (f.code === 'points-mismatch') f.fix = { edits };
        },
      },
    ],
  };
}

describe('fixFile', () => {
  it("keeps the audit's own fix", () => {
    const r = fixFile(wrongPoints(), FILE, fileAudit({ positions: 'final' }), () => true);
    expect(r.kind).toBe('fixed');
    expect(r.kind === 'fixed' && Buffer.from(r.bytes).equals(readFileSync(FILE))).toBe(true);
  });

  it('refuses a fix that leaves its finding', () => {
    const edits = [{ line: 1, column: 3, from: '[EventDate', to: '[EventDate' }];
    const r = fixFile(wrongPoints(), FILE, auditFixingWith(edits), () => true);
    expect(r).toMatchObject({
      kind: 'refused',
      reason: 'the fixed copy still has a points-mismatch finding in game 1 (line 32)',
    });
  });

  it('refuses a fix that makes a finding the original has not', () => {
    // The points right, and a move of game 2 made illegal: a finding the original has not.
    const edits = [
      { line: 32, column: 12, from: '5', to: '4' },
      { line: 36, column: 10, from: '24/18', to: '24/17' },
    ];
    const r = fixFile(wrongPoints(), FILE, auditFixingWith(edits), () => true);
    expect(r).toMatchObject({ kind: 'refused' });
    expect(r.kind === 'refused' && r.reason).toMatch(/^the fixed copy has an? illegal-move finding in game 2/);
  });

  it('refuses a fix that changes the play, even where every move stays legal', () => {
    // 6-3 written as 3-6: the same legal play, other dice as written.
    const edits = [
      { line: 32, column: 12, from: '5', to: '4' },
      { line: 36, column: 6, from: '63', to: '36' },
    ];
    const r = fixFile(wrongPoints(), FILE, auditFixingWith(edits), () => true);
    expect(r).toMatchObject({ kind: 'refused', reason: 'game 2 of match 1 does not replay as in the original' });
  });

  it('takes only the codes chosen, and counts the rest as left', () => {
    const r = fixFile(wrongPoints(), FILE, fileAudit({ positions: 'final' }), (code) => code !== 'points-mismatch');
    expect(r.kind).toBe('nothing');
    expect(r.left.map((p) => p.finding.code)).toEqual(['points-mismatch']);
  });
});
