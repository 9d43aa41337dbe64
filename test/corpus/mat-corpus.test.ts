// Every .mat file of the shared corpus reads without a parse error, and what the reader makes of
// it agrees with counts taken independently, by plain line matching.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decode } from '../../src/read/decode.js';
import { importRecord } from '../../src/import/index.js';
import { CORPUS } from '../helpers.js';

interface Counts {
  matches: number;
  games: number;
  cubeActions: number;
  wins: number;
  /** Per game: recorded start score and winner (null when no Wins line). */
  perGame: [number[] | null, number | null][];
}

function countByLines(text: string): Counts {
  const counts: Counts = { matches: 0, games: 0, cubeActions: 0, wins: 0, perGame: [] };
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^\s*(?:\d+\s+points?\s+match|unlimited\s+game)\s*$/i.test(line)) counts.matches++;
    if (/^\s*Game\s+\d+\s*$/.test(line)) {
      counts.games++;
      let j = i + 1;
      while (j < lines.length && lines[j].trim() === '') j++;
      const score = /:\s*(\d+)\s+.*:\s*(\d+)\s*$/.exec(lines[j] ?? '');
      counts.perGame.push([score ? [Number(score[1]), Number(score[2])] : null, null]);
    }
    counts.cubeActions += (line.match(/\b(?:Doubles|Beavers|Raccoons)\s*=>|\bTakes\b|\bDrops\b/g) ?? []).length;
    const wins = line.search(/\bWins\s+\d+\s+points?/);
    if (wins >= 0) {
      counts.wins++;
      const game = counts.perGame[counts.perGame.length - 1];
      if (game && game[1] === null) game[1] = wins < 20 ? 0 : 1;
    }
  }
  return counts;
}

const dir = join(CORPUS, 'mat');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.mat'))
  .sort();

describe('the .mat corpus', () => {
  it('reads every file with no parse error, and agrees with independent line counts', () => {
    const started = performance.now();
    const totals = { files: 0, matches: 0, games: 0, actions: 0, bytes: 0 };
    const failures: string[] = [];
    for (const file of files) {
      const bytes = readFileSync(join(dir, file));
      const r = importRecord(bytes, file);
      const decoded = decode(bytes);
      if (!decoded.ok) throw new Error(`${file}: not text`);
      const expected = countByLines(decoded.text);
      totals.files++;
      totals.bytes += bytes.length;
      totals.matches += r.matches.length;
      const games = r.matches.flatMap((m) => m.games);
      totals.games += games.length;
      totals.actions += games.reduce((n, g) => n + g.actions.length, 0);
      const got: Counts = {
        matches: r.matches.length,
        games: games.length,
        cubeActions: games
          .flatMap((g) => g.actions)
          .filter((a) => a.type === 'double' || a.type === 'take' || a.type === 'drop').length,
        wins: games.filter((g) => g.result).length,
        perGame: games.map((g) => [g.startScore, g.result ? g.result.winner : null]),
      };
      if (r.errors.length > 0) failures.push(`${file}: ${r.errors[0].message}`);
      else if (JSON.stringify(got) !== JSON.stringify(expected))
        failures.push(`${file}: read ${JSON.stringify(got)}, lines say ${JSON.stringify(expected)}`);
    }
    const ms = performance.now() - started;
    console.log(
      `corpus/mat: ${totals.files} files, ${(totals.bytes / 1e6).toFixed(1)} MB, ${totals.matches} matches, ` +
        `${totals.games} games, ${totals.actions} actions read in ${ms.toFixed(0)} ms`,
    );
    expect(failures).toEqual([]);
    expect(totals.files).toBeGreaterThan(1000);
  });
});
