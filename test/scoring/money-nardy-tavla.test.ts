// docs/scoring.md's money, nardy and tavla rules and their worked cases, on fixtures made from real games (fixtures/scoring/make.py).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditFile } from '../../src/read/file.js';
import { fileAudit } from '../../src/read/attach.js';
import { importRecord } from '../../src/import/index.js';
import { auditMatch } from '../../src/scoring/audit.js';
import type { MatchReport } from '../../src/core/model.js';
import { CORPUS, fixture } from '../helpers.js';

function audit(name: string, options = {}): MatchReport {
  return auditFile(fixture('scoring', name), name, options)[0];
}

const codes = (r: MatchReport, severities = ['error', 'warning']) =>
  r.findings.filter((f) => severities.includes(f.severity)).map((f) => f.code);

describe('money play', () => {
  it('Jacoby on, cube never turned, gammon → 1; a gammon recorded as 2 is jacoby-gammon', () => {
    const r = audit('money-jacoby-gammon.mat');
    expect(r.rules).toMatchObject({ jacoby: true, source: { jacoby: 'header' } });
    expect(r.games.map((g) => [g.outcome, g.points.nominal, g.points.recorded])).toEqual([
      ['gammon', 1, 1],
      ['gammon', 1, 2],
    ]);
    expect(codes(r)).toEqual(['jacoby-gammon']);
    expect(r.findings[0]).toMatchObject({ game: 2, recorded: 2, expected: 1 });
  });

  it('--no-jacoby reverses it: then the first game is the mismatch', () => {
    const r = audit('money-jacoby-gammon.mat', { rules: { jacoby: false } });
    expect(r.games.map((g) => g.points.nominal)).toEqual([2, 2]);
    // Game 2's score line follows the record's 1 point, not the 2 game 1 is worth: the wrong
    // result is the one finding, and the score line that follows it is not another.
    expect(codes(r)).toEqual(['points-mismatch']);
  });

  it('no header: Jacoby is inferred from a centred-cube gammon recorded as a single (info, no error)', () => {
    const r = audit('money-jacoby-inferred.mat');
    expect(r.rules).toMatchObject({ jacoby: true, source: { jacoby: 'inferred' } });
    expect(r.findings.map((f) => [f.code, f.severity])).toEqual([['rules-inferred', 'info']]);
  });

  it('no header: the same gammon recorded as a gammon shows the session had no Jacoby rule', () => {
    const text = new TextDecoder()
      .decode(fixture('scoring', 'money-jacoby-inferred.mat'))
      .replace('Wins 1 point', 'Wins 2 points');
    const r = auditFile(new TextEncoder().encode(text), 'x.mat')[0];
    expect(r.rules).toMatchObject({ jacoby: false, source: { jacoby: 'inferred' } });
    expect(r.findings.map((f) => [f.code, f.severity])).toEqual([['rules-inferred', 'info']]);
    expect(r.games[0].points).toEqual({ recorded: 2, nominal: 2, credited: 2 });
  });

  it('games of one session that contradict each other are an error', () => {
    const r = audit('money-jacoby-contradiction.mat');
    expect(codes(r)).toEqual(['jacoby-contradiction']);
    expect(r.findings[0]).toMatchObject({ game: 3, severity: 'error' });
  });

  it('beaver: A doubles 1→2, B beavers to 4, A drops → B wins 2', () => {
    const r = audit('money-beaver-refused.mat');
    expect(r.findings).toEqual([]);
    expect(r.games[0]).toMatchObject({
      termination: 'drop',
      winner: 0,
      outcome: 'single',
      cube: { value: 2 },
      points: { nominal: 2, recorded: 2 },
    });
    expect(r.rules).toMatchObject({ beavers: true, source: { beavers: 'inferred' } });
  });

  it('beavers where the session has none: beaver-not-allowed', () => {
    expect(codes(audit('money-beaver-not-allowed.mat'))).toEqual(['beaver-not-allowed']);
    expect(codes(audit('money-beaver-refused.mat', { rules: { beavers: false } }))).toEqual(['beaver-not-allowed']);
  });

  it('a session that stops in the middle of a game: match-unfinished on that game; a stub or a finished game, none', () => {
    const session = (last: string) =>
      auditFile(
        new TextEncoder().encode(
          ' 0 point match\n\n Game 1\n Anna : 0                     Bruno : 0\n' +
            '  1) 31: 8/5 6/5                42: 8/4 6/4\n' +
            `${last}\n`,
        ),
        'money.mat',
        fileAudit({ matchSummary: true }),
      )[0];
    const ending = (r: MatchReport) => (r.match === null ? null : r.summary?.ending);
    const cut = session('  2) 62: 24/18 13/11');
    expect(codes(cut)).toEqual(['match-unfinished']);
    expect(cut.findings[0]).toMatchObject({
      severity: 'warning',
      game: 1,
      line: 6,
      message:
        'the money session stops in the middle of this game: it has no result and no end, so what it was worth is not known',
    });
    // The account the CSV and the standings read says the same: abandoned, not a money session done.
    expect(ending(cut)).toBe('abandoned');
    // The same session with its game resigned: nothing is missing.
    const resigned = session('  2) 62: 24/18 13/11\n      Wins 1 point');
    expect(codes(resigned)).toEqual([]);
    expect(ending(resigned)).toBe('money');
    // A last game header with nothing played after it is a stub, not a game cut off.
    const stub = session('      Wins 1 point\n\n Game 2\n Anna : 1                     Bruno : 0');
    expect(codes(stub)).toEqual([]);
    expect(ending(stub)).toBe('money');
  });

  it('a double above the cube limit: cube-limit', () => {
    expect(codes(audit('money-cube-limit.mat'))).toEqual(['cube-limit']);
    expect(codes(audit('money-cube-limit.mat', { rules: { cubeLimit: 4 } }))).toEqual([]);
  });

  it("GNU Backgammon's money sessions audit clean; a copy with a gammon's points doubled is caught", () => {
    for (const f of ['s01_money_jacoby.mat', 's02_money_autodouble_beaver_resign.mat']) {
      const r = auditFile(readFileSync(join(CORPUS, 'gnubg-generated', f)), f)[0];
      expect(codes(r, ['error']), f).toEqual([]);
    }
    const copy = audit('s01-money-gammon-points-doubled.mat');
    expect(codes(copy)).toEqual(['points-mismatch']);
    expect(copy.findings[0]).toMatchObject({ game: 6, recorded: 8, expected: 4 });
  });
});

describe('Georgian nardy', () => {
  it('5-point match: oin, koks, mars, oin, mars → 1:0, 1:3, 3:3, 3:4, 5:4', () => {
    const r = audit('nardy-oin-koks-mars-oin-mars.mat');
    expect(r.findings).toEqual([]);
    expect(r.rules).toMatchObject({ name: 'nardy', crawford: false });
    expect(r.games.map((g) => g.outcomeName)).toEqual(['oin', 'koks', 'mars', 'oin', 'mars']);
    expect(r.games.map((g) => g.outcome)).toEqual(['single', 'backgammon', 'gammon', 'single', 'gammon']);
    expect(r.games.map((g) => g.startScore.computed)).toEqual([
      [0, 0],
      [1, 0],
      [1, 3],
      [3, 3],
      [3, 4],
    ]);
    expect(r.games[4].points).toEqual({ recorded: 2, nominal: 2, credited: 2 });
  });

  it('at A 1 : B 3 in a 5-point match, A resigns → B credited 2, match over', () => {
    const r = audit('nardy-resign-ends-match.mat');
    expect(r.games[2]).toMatchObject({
      termination: 'resign',
      winner: 1,
      points: { nominal: 2, credited: 2, recorded: 2 },
    });
    expect(codes(r)).toEqual(['game-after-match']);
  });

  it('any cube action is an error; lengths other than 1, 3, 5, 7 are a warning', () => {
    expect(codes(audit('nardy-cube.mat'))).toEqual(['cube-not-allowed', 'match-unfinished']);
    expect(codes(audit('nardy-length.mat'))).toEqual(['match-length', 'match-unfinished']);
  });

  it('the same games under backgammon rules: no nardy names', () => {
    const r = audit('nardy-oin-koks-mars-oin-mars.mat', { rules: { rules: 'backgammon' } });
    expect(r.games.map((g) => g.outcomeName)).toEqual(['single', 'backgammon', 'gammon', 'single', 'gammon']);
  });
});

describe('tavla', () => {
  it('no cube, and a backgammon counts 2', () => {
    const r = audit('tavla-backgammon-counts-2.mat');
    expect(r.games[0]).toMatchObject({ outcome: 'backgammon', points: { nominal: 2, recorded: 2 } });
    expect(codes(r)).toEqual(['match-unfinished']);
    expect(codes(audit('nardy-cube.mat', { rules: { rules: 'tavla' } }))).toContain('cube-not-allowed');
  });
});

describe('money sessions: the running score', () => {
  it("is followed in SGF, which records automatic doubles: gnubg's own x05 (a known auto-double bug) is caught", () => {
    const file = join(CORPUS, 'gnubg-generated', 'extras', 'x05_autodouble_display_off_bug.sgf');
    const r = auditFile(readFileSync(file), file)[0];
    expect(r.findings.filter((f) => f.code === 'score-mismatch').map((f) => [f.game, f.recorded, f.expected])).toEqual([
      [3, [0, 5], [0, 19]],
    ]);
  });

  it('is followed in a .mat money session too: what automatic doubles explain is a warning', () => {
    const f = 's02_money_autodouble_beaver_resign.mat';
    const r = auditFile(readFileSync(join(CORPUS, 'gnubg-generated', f)), f)[0];
    expect(r.games.every((g) => g.startScore.computed !== null)).toBe(true);
    expect(r.findings.filter((x) => x.severity !== 'info').map((x) => [x.code, x.severity, x.game])).toEqual([
      ['score-mismatch', 'warning', 6],
      ['score-mismatch', 'warning', 7],
      ['score-mismatch', 'warning', 9],
      ['score-mismatch', 'warning', 11],
      ['score-mismatch', 'warning', 14],
    ]);
  });
});

describe('rules with no fixture of their own', () => {
  it('tavla: the opening roll may be a double (both dice are thrown anew)', () => {
    expect(audit('opening-double.mat').findings.map((f) => f.code)).toContain('opening-double');
    expect(audit('opening-double.mat', { rules: { rules: 'tavla' } }).findings.map((f) => f.code)).not.toContain(
      'opening-double',
    );
  });

  it('money: an automatic double turns the cube but does not lift the Jacoby rule', () => {
    const imported = importRecord(fixture('scoring', 'money-jacoby-gammon.mat'), 'x.mat');
    const record = imported.matches[0];
    record.games[0].setup = { autoDoubles: 1, line: record.games[0].line };
    const r = auditMatch(record);
    // A gammon on a 2-cube turned only by the automatic double: a single under Jacoby, 2 points.
    expect(r.games[0]).toMatchObject({ outcome: 'gammon', cube: { value: 2, owner: -1 }, points: { nominal: 2 } });
  });
});
