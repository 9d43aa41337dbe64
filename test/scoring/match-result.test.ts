// How a match ended is worked out once, by the audit: the forfeit finding, the per-match CSV, the
// per-game CSV and `players` all name the same winner, and none names a winner of a match nobody won.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { cli, tempDir } from '../helpers.js';

const GAME_1 = [
  ' 3 point match',
  '',
  ' Game 1',
  ' Anna : 0                            Bruno : 0',
  '  1) 31: 8/5 6/5                     42: 8/4 6/4',
  '                                     Wins 1 point',
];

/** Anna wins the match by forfeit at 0-1: what every output must say of it. */
const ANNA_BY_FORFEIT = {
  winner: 'Anna',
  ending: 'forfeit',
  score: ['3', '1'],
  forfeit: 'Bruno forfeits the match at 0-1; Anna is credited the 3 points still needed',
  standing: { won: 1, lost: 0 },
} as const;

/** Each record, what its match's end must be in every output; `standing`: Anna's won-lost in `players`. */
const CASES = [
  {
    name: 'a forfeit written after a game the other side won',
    text: [...GAME_1, '; Anna wins by forfeit', ''],
    ...ANNA_BY_FORFEIT,
  },
  {
    name: 'a forfeit in an unfinished game',
    text: [
      ...GAME_1,
      '',
      ' Game 2',
      ' Anna : 0                            Bruno : 1',
      '  1) 53: 8/3 6/3                     42: 8/4 6/4',
      '; Anna wins by forfeit',
      '',
    ],
    ...ANNA_BY_FORFEIT,
  },
  {
    name: 'a match that stops before anybody won it',
    text: [...GAME_1, ''],
    winner: '',
    ending: 'abandoned',
    score: ['0', '1'],
    forfeit: null,
    standing: null,
  },
] as const;

function rows(csv: string): Record<string, string>[] {
  return Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;
}

describe('one account of how a match ended', () => {
  it.each(CASES)('$name', async (c) => {
    const dir = tempDir('bgaudit-result-');
    const file = join(dir, 'm.mat');
    writeFileSync(file, c.text.join('\n'));

    const json = JSON.parse((await cli('verify', file, '--format', 'json', '--min-severity', 'info')).stdout);
    const forfeits = json
      .filter((r: { match?: unknown }) => r.match !== undefined)
      .flatMap((r: { findings: { code: string; message: string }[] }) => r.findings)
      .filter((f: { code: string }) => f.code === 'forfeit');
    expect(forfeits.map((f: { message: string }) => f.message.replace(/^game \d+: /, ''))).toEqual(
      c.forfeit === null ? [] : [c.forfeit],
    );

    const [match] = rows((await cli('csv', file, '--per', 'match')).stdout);
    expect(match).toMatchObject({ winner_name: c.winner, ending: c.ending });
    expect([match?.final_score0, match?.final_score1]).toEqual(c.score);

    // The per-game CSV gives game 1 to the side that won it, whoever won the match.
    const [game1] = rows((await cli('csv', file)).stdout);
    expect(game1).toMatchObject({ game: '1', winner_name: 'Bruno' });

    const standings = rows((await cli('players', file, '--format', 'csv')).stdout);
    const anna = standings.find((r) => r.name === 'Anna');
    const bruno = standings.find((r) => r.name === 'Bruno');
    if (c.standing === null) {
      expect([anna?.won ?? '0', bruno?.won ?? '0']).toEqual(['0', '0']);
    } else {
      expect(anna).toMatchObject({ won: String(c.standing.won), lost: String(c.standing.lost) });
      expect(bruno).toMatchObject({ won: String(c.standing.lost), lost: String(c.standing.won) });
      expect(anna?.forfeits_won).toBe('1');
    }
  });
});
