// Every game finding carries the position of the moment it is about (the catalogue's
// `moment`): before its action, the game's start, or its end. Checked on every finding of the
// fixtures against the record itself, and on cases read by hand.
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditFile } from '../../src/read/file.js';
import { checkersPerSide } from '../../src/engine/board.js';
import { gameStart } from '../../src/engine/replay.js';
import { FINDING_CODES } from '../../src/core/findings.js';
import { decodeMatchId, decodePositionId, positionId } from '../../src/engine/ids.js';
import { importRecord } from '../../src/import/index.js';
import type { Action, Finding, MatchRecord, MatchReport } from '../../src/core/model.js';
import { FIXTURES, fixture } from '../helpers.js';

function matchFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'broken' || name === 'gnubg' ? [] : matchFiles(path);
    return /\.(mat|sgf)$/.test(name) ? [path] : [];
  });
}

function actionAt(record: MatchRecord, f: Finding): Action | undefined {
  const game = record.games.find((g) => g.number === f.game);
  return game?.actions.find((a) => a.line === f.line && a.column === f.column);
}

/** Checkers of each side on the board and the bar, from a Position ID (not on roll, on roll). */
function onBoard(id: string): [number, number] {
  const [notOnRoll, onRoll] = decodePositionId(id);
  const sum = (half: number[]) => half.reduce((n, c) => n + c, 0);
  return [sum(notOnRoll), sum(onRoll)];
}

describe('each finding of the fixtures carries the position of its moment', () => {
  const files = matchFiles(FIXTURES);
  const cases = files.flatMap((path) => {
    const bytes = fixture(relative(FIXTURES, path));
    const name = relative(FIXTURES, path);
    const records = importRecord(bytes, name).matches;
    return auditFile(bytes, name).flatMap((r: MatchReport) =>
      r.findings
        .filter((f) => f.game !== undefined && FINDING_CODES[f.code].moment !== null)
        .map((f) => ({ name, f, r, record: records[(r.match ?? 1) - 1] })),
    );
  });

  it('finds findings to check in the fixtures (every moment kind)', () => {
    const kinds = new Set(cases.map((c) => FINDING_CODES[c.f.code].moment));
    expect(cases.length).toBeGreaterThan(30);
    expect([...kinds].sort()).toEqual(['action', 'end', 'start']);
  });

  it.each(cases.map((c) => [`${c.name}:${c.f.line} ${c.f.code}`, c] as const))('%s', (_, { f, r, record }) => {
    const p = f.position;
    expect(p, 'a position').toBeDefined();
    if (!p) return;
    const game = record.games.find((g) => g.number === f.game);
    if (!game) throw new Error(`no game ${f.game}`);
    const verdict = r.games.find((g) => g.game === f.game);
    const perSide = checkersPerSide(record.variant);
    for (const n of onBoard(p.positionId)) expect(n).toBeLessThanOrEqual(perSide);
    if (p.matchId !== null) expect(decodeMatchId(p.matchId).onRoll).toBe(p.onRoll);
    const moment = FINDING_CODES[f.code].moment;
    if (moment === 'start') {
      expect(p.positionId).toBe(positionId(gameStart(game, record.variant), p.onRoll));
      expect(p.dice).toBeNull();
    } else if (moment === 'end') {
      if (verdict?.final) expect(p.positionId).toBe(verdict.final.positionId);
      expect(p.dice).toBeNull();
    } else {
      const a = actionAt(record, f);
      if (!a) {
        // Only a reader's finding on the result line may be off an action: then the end.
        expect(f.line).toBe(game.result?.line);
        return;
      }
      expect(p.onRoll).toBe(a.side);
      expect(p.dice).toEqual(a.type === 'roll' ? a.dice : null);
      if (a.type === 'roll') expect(p.recorded.replace(/\s/g, '')).toContain(`${a.dice[0]}${a.dice[1]}`);
      if (p.matchId !== null && a.type === 'roll') expect(decodeMatchId(p.matchId).dice).toEqual(a.dice);
    }
    expect(p.recorded.length).toBeGreaterThan(0);
  });
});

describe('positions read by hand', () => {
  const find = (file: string, code: string) => {
    const r = auditFile(fixture('scoring', file), file)[0];
    const f = r.findings.find((x) => x.code === code);
    if (!f) throw new Error(`${file}: no ${code}`);
    return f;
  };

  // Boris opened 41: 13/9 24/23; Anna then wrote 64: 24/18 18/13 (a 6 and a 5). Read by hand: the
  // XGID's bottom player is Boris (upper case): 5 on his 6, 3 on 8, 1 on 9 and 4 on 13, one each
  // on 23 and 24; Anna (lower case, her point 25 - p) 2 on 24, 5 on 13, 3 on 8, 5 on 6.
  it('an illegal move: the board before it, its roll, its text and a legal play of 6-4', () => {
    const f = find('illegal-move.mat', 'illegal-move');
    expect(f.position).toEqual({
      positionId: '4HPhASjgc/ABMA',
      matchId: 'MAFzAAAAAAAE',
      xgid: 'XGID=-b----E-CA--eD---c-e---AA-:0:0:-1:64:0:0:0:3:10',
      onRoll: 0,
      dice: [6, 4],
      recorded: '64: 24/18 18/13',
    });
    expect(f.legalPlay).toBe('24/18 24/20');
  });

  it('a double in the Crawford game: before the double, no dice, the Crawford flag and the score in the Match ID', () => {
    const f = find('crawford-double.mat', 'crawford-double');
    const p = f.position;
    expect(p?.recorded).toBe('Doubles => 2');
    expect(p?.dice).toBeNull();
    if (!p?.matchId) throw new Error('no Match ID');
    const m = decodeMatchId(p.matchId);
    expect(m).toMatchObject({ crawford: true, length: 7, score: [6, 4], cubeValue: 1, onRoll: 1 });
  });

  it('a score mismatch: the start of the game, with its label and score line', () => {
    const p = find('score-mismatch.mat', 'score-mismatch').position;
    expect(p?.recorded).toMatch(/^Game 2 \/ Anna : 0\s+Boris : 0$/);
    expect(p?.positionId).toBe('4HPwATDgc/ABMA');
  });

  it('a points mismatch: the final position and the result line', () => {
    const f = find('points-mismatch.mat', 'points-mismatch');
    expect(f.position?.recorded).toBe('Wins 3 points');
    expect(f.position?.dice).toBeNull();
  });

  it('only illegal moves carry a legal play', () => {
    for (const file of ['hit-marker.mat', 'turn-order.mat', 'cube-value.mat']) {
      const r = auditFile(fixture('scoring', file), file)[0];
      for (const f of r.findings) expect(f.legalPlay).toBeUndefined();
    }
  });
});
