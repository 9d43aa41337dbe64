// The position before every checker move: for each move record of the
// gnubg-generated corpus, GNU Backgammon's Position ID with the mover on roll
// (fixtures/gnubg/before-moves.tsv, made by bench/gnubg/before-moves.py) equals the one bgaudit
// computes from the moment its replay keeps before the k-th roll of the same game; the mover and
// the dice agree too.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { momentKey, replay } from '../../src/engine/replay.js';
import { importRecord } from '../../src/import/index.js';
import { positionId } from '../../src/engine/ids.js';
import { CORPUS, fixtureText } from '../helpers.js';
import { readTsv } from './position-helpers.js';

const rows = readTsv(fixtureText('gnubg', 'before-moves.tsv'));
const files = [...new Set(rows.map((r) => r.file))];

/** Every row of `file` compared with bgaudit's replay: the differences, and how many positions were compared. */
function compare(file: string): { wrong: string[]; compared: number } {
  const record = importRecord(readFileSync(join(CORPUS, 'gnubg-generated', file)), file);
  const wrong: string[] = [];
  let compared = 0;
  if (record.matches.length !== 1) return { wrong: [`${file}: ${record.matches.length} matches`], compared };
  const m = record.matches[0];
  const mine = rows.filter((r) => r.file === file);
  for (const game of [...new Set(mine.map((r) => Number(r.game)))]) {
    const g = m.games[game - 1];
    const want = mine.filter((r) => Number(r.game) === game);
    if (g === undefined) {
      wrong.push(`${file} game ${game}: not read (${m.games.length} games)`);
      continue;
    }
    const r = replay(g, { variant: m.variant, marksHits: m.marksHits, players: m.players, capture: () => true });
    const rolls = g.actions.filter((a) => a.type === 'roll');
    // gnubg's pending-roll placeholder (`;PL[B]DI[55]` `;B[55]` ending an unfinished game) is a move
    // record to gnubg; bgaudit reads it as a roll not yet played (a comment, no action), so the
    // position before it is the replay's final one.
    const pending = g.comments
      .map((c) => /^(White|Black) rolled (\d)(\d) and has not moved yet$/.exec(c.text))
      .find((x) => x !== null);
    const expected = rolls.length + (pending ? 1 : 0);
    if (expected !== want.length) wrong.push(`${file} game ${game}: ${rolls.length} rolls, gnubg ${want.length}`);
    for (const row of want) {
      const k = Number(row.move_index);
      const roll = rolls[k - 1];
      let at = `${file} game ${game} move ${k}`;
      let got: { positionId: string; mover: number; dice: number[] | null };
      if (roll === undefined && pending && k === want.length && r.termination === 'unfinished') {
        const side = pending[1] === 'White' ? 0 : 1;
        at += ' (pending roll)';
        got = { positionId: positionId(r.final, side), mover: side, dice: [Number(pending[2]), Number(pending[3])] };
      } else {
        const moment = roll === undefined ? undefined : r.moments?.get(momentKey(roll.line, roll.column));
        if (roll !== undefined) at += ` (line ${roll.line})`;
        if (moment === undefined) {
          wrong.push(`${at}: no moment`);
          continue;
        }
        got = { positionId: positionId(moment, moment.side), mover: moment.side, dice: moment.dice };
      }
      compared++;
      if (got.dice !== null) got.dice = [...got.dice].sort();
      const gnubg = {
        positionId: row.position_id,
        mover: Number(row.mover),
        dice: [Number(row.dice_0), Number(row.dice_1)].sort(),
      };
      if (JSON.stringify(got) !== JSON.stringify(gnubg))
        wrong.push(`${at}: ${JSON.stringify(got)} ≠ gnubg ${JSON.stringify(gnubg)}`);
    }
  }
  return { wrong, compared };
}

describe('the position before every move equals GNU Backgammon’s', () => {
  it(`${rows.length} moves of ${files.length} files`, () => {
    expect(rows.length).toBe(11977);
    expect(files.length).toBe(53);
  });

  it.each(files.map((f) => [f, rows.filter((r) => r.file === f).length]))('%s: %i moves', (file, moves) => {
    const { wrong, compared } = compare(String(file));
    expect(wrong).toEqual([]);
    expect(compared).toBe(moves);
  });
});
