// Errors written into a real, clean .xg file with the test writer (test/xg-writer.ts): each is
// found exactly once, with the code that names it, at its game, move and record. The writer
// itself is checked first: every corpus .xg file it repacks unchanged audits as the original.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AuditedMatch, MatchReport } from '../../src/core/model.js';
import { auditFile } from '../../src/read/file.js';
import { CORPUS } from '../helpers.js';
import {
  RECORD_TYPE,
  cubeOf,
  diceOf,
  editGameFile,
  gameEndOf,
  gameEntry,
  gameRecords,
  getInt32,
  movesOf,
  packXg,
  recordType,
  setCube,
  setDice,
  setGameEnd,
  setMoves,
  setStartScore,
  startScoreOf,
  unpackXg,
} from '../xg-writer.js';

const XG = join(CORPUS, 'xg');
const NAME = 'kevung__test.xg';
const original = readFileSync(join(XG, NAME));

/** Where each game of a game file lies: record indices from 0. */
interface GameLayout {
  /** The game's number as its header writes it (@48), which findings carry as `game`. */
  number: number;
  header: number;
  footer: number;
  /** The game's move records, in order: move k (from 1) is `moves[k - 1]`. */
  moves: number[];
  /** The game's last cube record before its footer, if any. */
  lastCube: number | null;
}

function layout(records: readonly Uint8Array[]): GameLayout[] {
  const games: GameLayout[] = [];
  let game: GameLayout | null = null;
  records.forEach((r, k) => {
    const type = recordType(r);
    if (type === RECORD_TYPE.game) {
      game = { number: getInt32(r, 48), header: k, footer: -1, moves: [], lastCube: null };
      games.push(game);
    } else if (game !== null && type === RECORD_TYPE.move) game.moves.push(k);
    else if (game !== null && type === RECORD_TYPE.cube) game.lastCube = k;
    else if (game !== null && type === RECORD_TYPE.gameEnd) {
      game.footer = k;
      game = null;
    }
  });
  return games;
}

/** Every finding of a file's reports (a match's list holds its games' findings too). */
function findingsOf(reports: readonly MatchReport[]) {
  return reports.flatMap((r) => r.findings);
}

/** The findings that say the record is wrong: errors and warnings (info findings are notes). */
function serious(reports: readonly MatchReport[]) {
  return findingsOf(reports).filter((f) => f.severity === 'error' || f.severity === 'warning');
}

/** The one match of the file, audited. */
function theMatch(reports: readonly MatchReport[]): AuditedMatch {
  expect(reports).toHaveLength(1);
  const [report] = reports;
  expect(report.match).not.toBeNull();
  return report as AuditedMatch;
}

/**
 * The file with `edit` applied to its records, audited: exactly one error or warning, of `code`
 * and `severity`, at the place given (`move` absent when undefined), also in its game's findings.
 */
function expectOnlyFinding(
  edited: Uint8Array,
  want: { code: string; severity?: 'error' | 'warning'; game: number; record: number; move?: number },
) {
  const reports = auditFile(edited, NAME);
  const found = serious(reports);
  expect(found.map((f) => `${f.code} ${f.message}`)).toHaveLength(1);
  const [f] = found;
  expect(f).toMatchObject({
    code: want.code,
    severity: want.severity ?? 'error',
    game: want.game,
    record: want.record,
  });
  expect(f.move).toBe(want.move);
  expect(f.line).toBeUndefined();
  expect(f.column).toBeUndefined();
  const match = theMatch(reports);
  const game = match.games.find((g) => g.game === want.game);
  expect(game?.findings.filter((g) => g.severity !== 'info')).toEqual([f]);
  return f;
}

describe('the .xg test writer', () => {
  const files = readdirSync(XG)
    .filter((f) => f.endsWith('.xg'))
    .sort();

  it('finds the corpus files', () => {
    expect(files.length).toBeGreaterThanOrEqual(9);
  });

  it.each(files)('repacks %s unchanged: bgaudit reads it identically', (file) => {
    const bytes = readFileSync(join(XG, file));
    const unpacked = unpackXg(bytes);
    const repacked = packXg(unpacked);
    // Deflated again (at XG's level, by node:zlib), under an uncompressed index: other bytes, the same content.
    expect(Buffer.compare(repacked, bytes)).not.toBe(0);
    const again = unpackXg(repacked);
    expect(again.header).toEqual(unpacked.header);
    expect(again.entries.map((e) => [e.name, e.path, e.level])).toEqual(
      unpacked.entries.map((e) => [e.name, e.path, e.level]),
    );
    again.entries.forEach((e, k) => expect(Buffer.compare(e.data, unpacked.entries[k].data)).toBe(0));
    expect(gameEntry(unpacked).data.length % 2560).toBe(0);
    expect(JSON.stringify(auditFile(repacked, file))).toBe(JSON.stringify(auditFile(bytes, file)));
  });

  it('editGameFile with no edit gives the same reports', () => {
    const same = editGameFile(original, (records) => records);
    expect(JSON.stringify(auditFile(same, NAME))).toBe(JSON.stringify(auditFile(original, NAME)));
  });
});

describe(`errors written into ${NAME}`, () => {
  const records = gameRecords(original);
  const games = layout(records);
  /** The record's index as findings give it (from 1). */
  const recordNo = (k: number) => k + 1;

  it('is clean to start with: no error or warning, one match of seven games', () => {
    const reports = auditFile(original, NAME);
    expect(serious(reports)).toEqual([]);
    const match = theMatch(reports);
    expect(match.games).toHaveLength(7);
    expect(games.map((g) => g.number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(games.every((g) => g.footer > g.header)).toBe(true);
  });

  it("the points of a game won by a single changed (2 → 3): one points-mismatch, on the game's footer", () => {
    // The first game won by bearing off as a single, not resigned (termination 1): game 6, 2 points
    // on a 2-cube. (Game 1 ended by a drop: its 1 → 2 is a gammon on a drop, the last test.)
    const game = games.find((g) => gameEndOf(records[g.footer]).termination === 1);
    expect(game).toBeDefined();
    if (game === undefined) return;
    const { points } = gameEndOf(records[game.footer]);
    const edited = editGameFile(original, (rs) => {
      setGameEnd(rs[game.footer], { points: points + 1 });
      return rs;
    });
    const f = expectOnlyFinding(edited, { code: 'points-mismatch', game: game.number, record: recordNo(game.footer) });
    expect(f).toMatchObject({ recorded: points + 1, expected: points });
  });

  it("game 1's points 1 → 0 (a drop): one points-mismatch on its footer", () => {
    const game = games[0];
    expect(gameEndOf(records[game.footer])).toEqual({ winner: 1, points: 1, termination: 0 });
    const edited = editGameFile(original, (rs) => {
      setGameEnd(rs[game.footer], { points: 0 });
      return rs;
    });
    expectOnlyFinding(edited, { code: 'points-mismatch', game: 1, record: recordNo(game.footer) });
  });

  it("a game's start score changed (game 3): one score-mismatch, on its header", () => {
    const game = games[2];
    const [a, b] = startScoreOf(records[game.header]);
    const edited = editGameFile(original, (rs) => {
      setStartScore(rs[game.header], [a, b + 1]);
      return rs;
    });
    const f = expectOnlyFinding(edited, { code: 'score-mismatch', game: 3, record: recordNo(game.header) });
    expect(f).toMatchObject({ recorded: [a, b + 1], expected: [a, b] });
  });

  /** The first move record that plays 13/8 with a 5-1 (the mover's points from 0: 13/8 is 12 to 7). */
  function a51Playing138(): { game: GameLayout; move: number; record: number } {
    const plays138 = (k: number) => {
      const m = movesOf(records[k]);
      return [0, 2, 4, 6].some((i) => m[i] === 12 && m[i + 1] === 7);
    };
    for (const game of games) {
      const move = game.moves.findIndex((k) => {
        const dice = diceOf(records[k]);
        return dice.includes(5) && dice.includes(1) && plays138(k);
      });
      if (move >= 0) return { game, move: move + 1, record: game.moves[move] };
    }
    throw new Error('no 5-1 played 13/8');
  }

  it('a move that does not fit its dice (a 5-1 played 13/8 made a 6-1): one illegal-move, at its move', () => {
    const { game, move, record } = a51Playing138();
    const dice = diceOf(records[record]);
    const changed: [number, number] = [dice[0] === 5 ? 6 : dice[0], dice[1] === 5 ? 6 : dice[1]];
    const edited = editGameFile(original, (rs) => {
      setDice(rs[record], changed);
      return rs;
    });
    const f = expectOnlyFinding(edited, { code: 'illegal-move', game: game.number, move, record: recordNo(record) });
    expect(f.position?.dice).toEqual(changed);
  });

  it('a move that does not fit its dice (the same 5-1 written 13/7): one illegal-move, at its move', () => {
    const { game, move, record } = a51Playing138();
    const moves = movesOf(records[record]);
    const from13 = [0, 2, 4, 6].find((i) => moves[i] === 12 && moves[i + 1] === 7) ?? -1;
    moves[from13 + 1] = 6; // 13/8 → 13/7: a 6, which a 5-1 does not have
    const edited = editGameFile(original, (rs) => {
      setMoves(rs[record], moves);
      return rs;
    });
    const f = expectOnlyFinding(edited, { code: 'illegal-move', game: game.number, move, record: recordNo(record) });
    expect(f.position?.dice).toEqual(diceOf(records[record]));
  });

  it('a take written as a beaver in match play (the last game): one beaver-in-match, at its move', () => {
    // The last game's taken double: the game wins the match, so the cube it leaves changes no score.
    const game = games[games.length - 1];
    const cube = records.findIndex(
      (r, k) =>
        k > game.header &&
        k < game.footer &&
        recordType(r) === RECORD_TYPE.cube &&
        cubeOf(r).double === 1 &&
        cubeOf(r).take === 1,
    );
    expect(cube).toBeGreaterThan(game.header);
    const move = game.moves.filter((k) => k < cube).length + 1;
    const edited = editGameFile(original, (rs) => {
      setCube(rs[cube], { take: 2 });
      return rs;
    });
    expectOnlyFinding(edited, { code: 'beaver-in-match', game: game.number, move, record: recordNo(cube) });
  });

  it('a drop scored as a gammon (points set to twice the cube): one gammon-on-drop, on the footer', () => {
    // The first game ended by a drop (termination 0; its points are the cube before the double):
    // game 1, whose 1 point becomes 2.
    const game = games.find((g) => gameEndOf(records[g.footer]).termination === 0);
    expect(game).toBeDefined();
    if (game === undefined) return;
    expect(game.lastCube).toBe(game.footer - 1);
    const { points } = gameEndOf(records[game.footer]);
    const edited = editGameFile(original, (rs) => {
      setGameEnd(rs[game.footer], { points: 2 * points });
      return rs;
    });
    const f = expectOnlyFinding(edited, { code: 'gammon-on-drop', game: game.number, record: recordNo(game.footer) });
    expect(f).toMatchObject({ recorded: 2 * points, expected: points });
  });
});
