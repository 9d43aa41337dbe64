// Counting the dice of records: every roll the replay plays, as GNU Backgammon's own match
// records have them; groups by player, site, file; bar entries from the board before each roll.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BAR } from '../../src/engine/board.js';
import { momentKey, replay } from '../../src/engine/replay.js';
import { importRecord } from '../../src/import/index.js';
import { countFile, siteOf } from '../../src/stats/count.js';
import { addCounts, newCounts, rollIndex, ROLLS } from '../../src/stats/dice.js';
import { CORPUS, fixture, fixtureText } from '../helpers.js';
import { readTsv } from '../engine/position-helpers.js';

const rows = readTsv(fixtureText('gnubg', 'before-moves.tsv'));
const files = [...new Set(rows.map((r) => r.file))];

/**
 * GNU Backgammon's rolls of a file by roll, but its pending-roll placeholders: a game that ends on
 * a roll not yet played (`;PL[B]DI[55]` `;B[55]`) holds a move record to gnubg, a roll not played
 * to bgaudit, which notes it as a comment (as test/engine/before-moves.test.ts has it). Each is
 * the last move record of its game.
 */
function gnubgRolls(file: string, bytes: Uint8Array): { counts: number[]; placeholders: number } {
  const games = importRecord(bytes, file).matches.flatMap((m) => m.games);
  const mine = rows.filter((r) => r.file === file);
  const lastOfGame = new Map<string, number>();
  mine.forEach((r, i) => lastOfGame.set(r.game, i));
  const dropped = new Set<number>();
  games.forEach((g, k) => {
    const pending = g.comments
      .map((c) => /^(?:White|Black) rolled (\d\d) and has not moved yet$/.exec(c.text))
      .find((x) => x !== null);
    const last = lastOfGame.get(String(k + 1));
    if (pending && last !== undefined && `${mine[last].dice_0}${mine[last].dice_1}` === pending[1]) dropped.add(last);
  });
  const counts = new Array<number>(ROLLS).fill(0);
  mine.forEach((r, i) => {
    if (!dropped.has(i)) counts[rollIndex(Number(r.dice_0), Number(r.dice_1))]++;
  });
  return { counts, placeholders: dropped.size };
}

describe('dice counts from records', () => {
  it("equal GNU Backgammon's own match records, roll by roll, on every file of before-moves.tsv (SGF and the .mat gnubg wrote)", () => {
    let compared = 0;
    let rollsSeen = 0;
    let placeholders = 0;
    for (const file of files) {
      const path = join(CORPUS, 'gnubg-generated', file);
      const gnubg = gnubgRolls(file, readFileSync(path));
      const want = gnubg.counts;
      placeholders += gnubg.placeholders;
      for (const name of [file, file.replace(/\.sgf$/, '.mat')]) {
        const twin = join(CORPUS, 'gnubg-generated', name);
        if (!existsSync(twin)) continue;
        const got = countFile(readFileSync(twin), name, 'archive');
        expect(got?.groups.length).toBe(1);
        const c = newCounts();
        for (const g of got?.groups ?? []) addCounts(c, g.counts);
        expect([name, [...c.rolls].map((x, k) => x + c.opening[k])]).toEqual([name, want]);
        compared++;
        rollsSeen += want.reduce((s, x) => s + x, 0);
      }
    }
    console.log(
      `dice counts equal gnubg's on ${compared} files (${rollsSeen} rolls, ${placeholders} placeholders aside)`,
    );
    expect(compared).toBeGreaterThanOrEqual(files.length);
    expect(placeholders).toBe(3);
  });

  it("count bar entries from the board before the roll, as the replay's kept moments show it", () => {
    const bytes = fixture('mat', 'gnubg-7p-hits-and-dances.mat');
    const m = importRecord(bytes, 'x.mat').matches[0];
    const want = new Float64Array(10);
    for (const g of m.games) {
      const r = replay(g, { variant: m.variant, marksHits: m.marksHits, players: m.players, capture: () => true });
      let first = true;
      for (const a of g.actions) {
        if (a.type !== 'roll') continue;
        const moment = r.moments?.get(momentKey(a.line, a.column));
        if (moment === undefined) break;
        if (first) {
          first = false;
          continue;
        }
        if (moment.sides[a.side][BAR] === 0) continue;
        const home = moment.sides[1 - a.side].subarray(1, 7);
        const open = [...home].filter((x) => x < 2).length;
        if (open === 0 || open === 6) continue;
        want[2 * (open - 1)]++;
        if (home[a.dice[0] - 1] < 2 || home[a.dice[1] - 1] < 2) want[2 * (open - 1) + 1]++;
      }
    }
    const got = countFile(bytes, 'x.mat', 'archive')?.groups[0].counts.entry;
    expect(want.reduce((s, x) => s + x, 0)).toBeGreaterThan(4);
    expect(got).toEqual(want);
  });

  it('group by player (the roller), by site (header, else unknown) and by file', () => {
    const bytes = fixture('mat', 'galaxy-names-with-spaces.mat');
    const m = importRecord(bytes, 'g.mat').matches[0];
    expect(siteOf(m)).toBe('BackgammonGalaxy');
    const all = countFile(bytes, 'g.mat', 'archive');
    const byPlayer = countFile(bytes, 'g.mat', 'player');
    expect(byPlayer?.groups.map((g) => g.key).sort()).toEqual([...m.players].sort());
    const sum = newCounts();
    for (const g of byPlayer?.groups ?? []) addCounts(sum, g.counts);
    expect(sum).toEqual(all?.groups[0].counts);
    expect(countFile(bytes, 'g.mat', 'site')?.groups.map((g) => g.key)).toEqual(['BackgammonGalaxy']);
    expect(countFile(bytes, 'g.mat', 'file')?.groups.map((g) => g.key)).toEqual(['g.mat']);
    const plain = fixture('mat', 'gnubg-7p-hits-and-dances.mat');
    expect(countFile(plain, 'p.mat', 'site')?.groups.map((g) => g.key)).toEqual(['unknown']);
  });

  it("count an opening apart, pairs of a player's consecutive rolls, and nothing past a move the replay cannot check", () => {
    const text = [
      ' 3 point match',
      '',
      ' Game 1',
      ' Anna : 0                          Boris : 0',
      '  1)                                31: 8/5 6/5',
      '  2) 64: 24/18 13/9                 66: ???',
      '  3) 21: 13/11 6/5                  52: 13/8 13/11',
      '',
    ].join('\n');
    const got = countFile(new TextEncoder().encode(text), 'u.mat', 'player');
    const anna = got?.groups.find((g) => g.key === 'Anna')?.counts;
    const boris = got?.groups.find((g) => g.key === 'Boris')?.counts;
    expect(boris?.opening[rollIndex(3, 1)]).toBe(1);
    // Boris's 66 ('???') was rolled: counted; nothing after it is replayed
    expect(boris?.rolls[rollIndex(6, 6)]).toBe(1);
    expect(anna?.rolls[rollIndex(6, 4)]).toBe(1);
    expect([...(anna?.rolls ?? [])].reduce((s, x) => s + x, 0)).toBe(1);
    expect(countFile(new TextEncoder().encode('not a match'), 'n.txt', 'archive')).toBeNull();
  });
});
