// `bgaudit players` end to end: its ratings against an independent reading of the per-match CSV
// (dates and [EventTime]) and its counting columns against one of the per-game CSV, over the real
// corpus; the rows read back from pieces, the aliases file, and the exit code.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { MATCH_CSV_COLUMNS } from '../../src/report/csv.js';
import { rowSink } from '../../src/results/rows.js';
import { FIXTURES, cli, tempDir } from '../helpers.js';

const key = (n: string) => n.normalize('NFKC').toLowerCase().trim().replace(/\s+/g, ' ');

/** The FIBS ratings written again from the formula, straight over the per-match CSV's rows. */
function independentRatings(csv: string): Map<string, number> {
  const rows = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;
  const played = rows
    .map((r, order) => ({ r, order }))
    .filter(({ r }) => r.match !== '' && r.errors === '0' && r.duplicate_of === '' && r.ending !== 'money')
    .filter(({ r }) => r.winner === '0' || r.winner === '1')
    .map(({ r, order }) => {
      // The date as a number, then the time of day ([EventTime] 18.36 or 18:36) as its fraction;
      // a dated match without a time sorts first on its day.
      const d = /^(\d{4})[.\-/](\d{1,2})[.\-/](\d{1,2})/.exec(r.date);
      const t = /^(\d{1,2})[.:](\d{2})$/.exec(r.time.trim());
      const clock = t ? (Number(t[1]) * 60 + Number(t[2]) + 1) / 10_000 : 0;
      const date = d ? Number(d[1]) * 10_000 + Number(d[2]) * 100 + Number(d[3]) + clock : Infinity;
      const names = [key(r.player0), key(r.player1)];
      const w = Number(r.winner);
      return { date, order, n: Number(r.length), winner: names[w], loser: names[1 - w] };
    })
    .sort((a, b) => a.date - b.date || a.order - b.order);
  const rating = new Map<string, number>();
  const exp = new Map<string, number>();
  for (const m of played) {
    const rw = rating.get(m.winner) ?? 1500;
    const rl = rating.get(m.loser) ?? 1500;
    const upset = 1 / (Math.pow(10, (Math.abs(rw - rl) * Math.sqrt(m.n)) / 2000) + 1);
    const p = rw < rl ? 1 - upset : upset;
    const kw = Math.max(1, 5 - (exp.get(m.winner) ?? 0) / 100);
    const kl = Math.max(1, 5 - (exp.get(m.loser) ?? 0) / 100);
    rating.set(m.winner, rw + 4 * kw * Math.sqrt(m.n) * p);
    rating.set(m.loser, rl - 4 * kl * Math.sqrt(m.n) * p);
    exp.set(m.winner, (exp.get(m.winner) ?? 0) + m.n);
    exp.set(m.loser, (exp.get(m.loser) ?? 0) + m.n);
  }
  return rating;
}

/** Each player's counting columns added up again over the per-game CSV's rows of the matches that count. */
function independentColumns(matchCsv: string, gameCsv: string): Map<string, Record<string, number>> {
  const parse = (csv: string) => Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;
  const counted = new Set(
    parse(matchCsv)
      .filter((r) => r.match !== '' && r.errors === '0' && r.duplicate_of === '')
      .filter((r) => r.ending === 'money' || r.winner === '0' || r.winner === '1')
      .map((r) => `${r.file}#${r.match}`),
  );
  const out = new Map<string, Record<string, number>>();
  const add = (name: string, column: string, n: number) => {
    const row = out.get(key(name)) ?? {};
    row[column] = (row[column] ?? 0) + n;
    out.set(key(name), row);
  };
  for (const g of parse(gameCsv)) {
    if (!counted.has(`${g.file}#${g.match}`)) continue;
    const names = [g.player0 ?? '', g.player1 ?? ''];
    for (const s of [0, 1]) {
      const name = names[s] ?? '';
      add(name, 'games', 1);
      add(name, 'doubles', Number(g[`cube_turns${s}`]));
      add(name, 'takes', Number(g[`takes${s}`]));
      add(name, 'drops', Number(g[`drops${s}`]));
    }
    if (g.winner !== '0' && g.winner !== '1') continue;
    const w = Number(g.winner);
    const [winner, loser] = [names[w] ?? '', names[1 - w] ?? ''];
    add(winner, 'points_won', Number(g.points_credited || 0));
    add(loser, 'points_lost', Number(g.points_credited || 0));
    if (g.termination === 'forfeit') continue;
    for (const outcome of ['gammon', 'backgammon'])
      if (g.outcome === outcome) {
        add(winner, `${outcome}s_won`, 1);
        add(loser, `${outcome}s_lost`, 1);
      }
  }
  return out;
}

describe('bgaudit players', () => {
  it('rates the corpus, and adds up its games, as independent readings of the CSVs do', async () => {
    const csv = await cli('csv', '--per', 'match', 'corpus/mat', 'corpus/gnubg-generated', '--jobs', '1');
    const games = await cli('csv', 'corpus/mat', 'corpus/gnubg-generated', '--jobs', '1');
    const players = await cli('players', 'corpus/mat', 'corpus/gnubg-generated', '--format', 'json', '--jobs', '1');
    expect(players.code).toBe(0);
    const columns = independentColumns(csv.stdout, games.stdout);
    const all = (JSON.parse(players.stdout) as { players: Record<string, string | number>[] }).players;
    const names = ['games', 'points_won', 'points_lost', 'gammons_won', 'gammons_lost', 'backgammons_won'];
    names.push('backgammons_lost', 'doubles', 'takes', 'drops');
    const counting = all.filter((p) => Number(p.games) > 0);
    expect(counting.length).toBeGreaterThan(500);
    expect(counting.length).toBe(columns.size);
    for (const p of counting) {
      const want = columns.get(key(String(p.name))) ?? {};
      expect([p.name, ...names.map((c) => p[c])]).toEqual([p.name, ...names.map((c) => want[c] ?? 0)]);
    }
    const expected = independentRatings(csv.stdout);
    const got = JSON.parse(players.stdout) as { players: { name: string; rating: number | null }[] };
    const rated = got.players.filter((p) => p.rating !== null);
    expect(rated.length).toBeGreaterThan(500);
    expect(rated.length).toBe(expected.size);
    for (const p of rated) {
      const want = expected.get(p.name.normalize('NFKC').toLowerCase().trim().replace(/\s+/g, ' '));
      expect([p.name, p.rating]).toEqual([p.name, Math.round((want ?? NaN) * 100) / 100]);
    }
  }, 120_000);

  it('exits 0 with an archive that has errors: they are left out, and counted', async () => {
    const { code, stdout } = await cli(
      'players',
      'fixtures/scoring/points-mismatch.mat',
      'fixtures/scoring/match-unfinished.mat',
    );
    expect(code).toBe(0);
    expect(stdout).toContain('0 matches counted, 2 left out');
    expect(stdout).toMatch(/errors:1;unfinished:1|unfinished:1;errors:1|errors:1/);
  });

  it('reads an aliases file, and refuses one that is not alias,name rows', async () => {
    const dir = tempDir('bgaudit-aliases-');
    const good = join(dir, 'good.csv');
    writeFileSync(good, 'alias,name\nWhite_gnubg,Whitey\n');
    const { stdout } = await cli(
      'players',
      'corpus/gnubg-generated/m04_len3_auto.mat',
      '--aliases',
      good,
      '--format',
      'csv',
    );
    expect(stdout.split('\r\n')[1]).toMatch(/^(Whitey|Black_gnubg),/);
    expect(stdout).toContain('Whitey,');
    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, 'one,two,three\n');
    const refused = await cli('players', 'fixtures/scoring/points-mismatch.mat', '--aliases', bad);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('row 1 is not "alias,name"');
    const folder = await cli('players', 'fixtures/scoring/points-mismatch.mat', '--aliases', dir);
    expect(folder.code).toBe(2);
    expect(folder.stderr).toContain('not a regular file');
  });
});

describe('CSV rows read back', () => {
  it('a row cut between pieces, with a quoted name holding a comma, a quote and a line end', () => {
    const seen: Record<string, string>[] = [];
    let files = 0;
    const sink = rowSink(
      MATCH_CSV_COLUMNS,
      (c) => seen.push(c),
      () => files++,
    );
    const row = 'x.mat,1,mat,"A, ""B""\nC",D\r\ny.mat,2,mat,E,F\r\n';
    for (let cut = 1; cut < row.length; cut++) {
      seen.length = 0;
      sink.piece(row.slice(0, cut), true);
      sink.piece(row.slice(cut), false);
      sink.pieced();
      expect(seen.map((c) => [c.file, c.match, c.player0, c.player1])).toEqual([
        ['x.mat', '1', 'A, "B"\nC', 'D'],
        ['y.mat', '2', 'E', 'F'],
      ]);
    }
    expect(files).toBe(row.length - 1);
  });
});

describe('players --rating-start', () => {
  it.each(['', '1e308', '0x5DC', '-1500', '0', '20000', ' 1500', '1500.123'])('refuses %j', async (v) => {
    const r = await cli('players', join(FIXTURES, 'scoring', 'gammon-on-drop.mat'), '--rating-start', v);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--rating-start: a rating from 1 to 10000');
  });

  it('takes 1500.5', async () => {
    const r = await cli('players', join(FIXTURES, 'scoring', 'gammon-on-drop.mat'), '--rating-start', '1500.5');
    expect(r.code).toBe(0);
  });
});
