// The dice audit on matches GNU Backgammon played (bench/gnubg/biased-dice.py): with dice from a
// file whose doubles come 30% of the time, and with its own dice. bgaudit counts each file's
// rolls as gnubg's own match record has them, rejects the biased dice, passes gnubg's own.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTsv } from '../../bench/gnubg/oracle-rows.js';
import { countFile } from '../../src/stats/count.js';
import { ROLL_NAMES } from '../../src/stats/dice.js';
import { FIXTURES, cli, fixtureText } from '../helpers.js';

const DIR = join(FIXTURES, 'dice');
const files = (kind: string) =>
  readdirSync(DIR)
    .filter((f) => f.startsWith(kind) && f.endsWith('.mat'))
    .map((f) => join(DIR, f));

interface Doc {
  rejected: number;
  threshold: number;
  groups: { rolls: number; tests: { name: string; p: number | null; observed: number[] }[] }[];
}

describe('bgaudit dice on matches gnubg played', () => {
  it("counts every file's rolls as gnubg.match() has them", () => {
    const rows = readTsv(fixtureText('dice', 'gnubg-rolls.tsv'));
    expect(rows).toHaveLength(10);
    for (const row of rows) {
      const got = countFile(readFileSync(join(DIR, row.file)), row.file, 'archive')?.groups[0].counts;
      const mine = ROLL_NAMES.map((_, k) => (got?.rolls[k] ?? NaN) + (got?.opening[k] ?? NaN));
      expect([row.file, mine]).toEqual([row.file, ROLL_NAMES.map((n) => Number(row[n]))]);
    }
  });

  it('rejects the dice with 30% doubles (5 matches, about 1,000 rolls): the doubles test, exit 1', async () => {
    const r = await cli('dice', ...files('biased'), '--format', 'json');
    const doc = JSON.parse(r.stdout) as Doc;
    const doubles = doc.groups[0].tests[0];
    expect(doubles.name).toBe('doubles');
    expect(doc.groups[0].rolls).toBeGreaterThan(900);
    expect(doubles.p).toBeLessThan(1e-10);
    expect(doubles.p).toBeLessThan(doc.threshold);
    expect(r.code).toBe(1);
  });

  it("passes gnubg's own dice (as many matches): no test below the threshold, exit 0", async () => {
    const r = await cli('dice', ...files('fair'), '--format', 'json');
    const doc = JSON.parse(r.stdout) as Doc;
    expect(doc.groups[0].rolls).toBeGreaterThan(800);
    expect(doc.groups[0].tests[0].p).toBeGreaterThan(0.05);
    expect(doc.rejected).toBe(0);
    expect(r.code).toBe(0);
  });
});
