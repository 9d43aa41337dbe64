// docs/report.schema.json against what bgaudit writes: every report of the fixtures and of a few
// corpus files, in JSON and NDJSON, and the dice document; a report with a field renamed, missing
// or of another type fails it; its finding codes and severities are the catalogue's.
// And docs/output.md's examples against what the CLI writes for them, so that the page stays true.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINDING_CODES, type FindingCode } from '../../src/core/findings.js';
import type { MatchReport, Severity } from '../../src/core/model.js';
import { CORPUS, FIXTURES, ROOT, cli, reportsIn } from '../helpers.js';

const schema: unknown = JSON.parse(readFileSync(join(ROOT, 'docs', 'report.schema.json'), 'utf8'));

// Strict: a keyword Ajv does not know, or one on a value of the wrong type, is an error in the
// schema. A tuple of one fixed item and then any number of others (the run record, then the
// reports) is what `verifyJson` means, which strictTuples would refuse.
const ajv = new Ajv2020({ allErrors: true, strict: true, strictTuples: false });
ajv.addSchema(schema as object, 'report');

function validator(ref: string): ValidateFunction {
  const v = ajv.getSchema(ref);
  if (v === undefined) throw new Error(`no schema ${ref}`);
  return v;
}

const whole = validator('report');
const record = validator('report#/$defs/record');
const finding = validator('report#/$defs/finding');

/** The validator's errors in a line each, for an assertion's message. */
function errorsOf(v: ValidateFunction): string {
  return (v.errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath} ${e.message ?? ''} ${JSON.stringify(e.params)}`)
    .join('\n');
}

function expectValid(v: ValidateFunction, value: unknown, what: string): void {
  const ok = v(value);
  expect(ok, `${what}\n${errorsOf(v)}`).toBe(true);
}

/** The records of NDJSON output, each checked against the schema's record; the run record first. */
function expectNdjsonValid(stdout: string): void {
  const lines = stdout.trim().split('\n');
  expect(Object.keys(JSON.parse(lines[0]) as object)).toEqual(['bgaudit']);
  for (const line of lines) expectValid(record, JSON.parse(line), line.slice(0, 200));
}

let tmp = '';
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'bgaudit-schema-'));
});
afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

describe('every report of the fixtures validates against docs/report.schema.json', () => {
  it('verify fixtures --format json: the array, and what it holds', async () => {
    const { stdout } = await cli('verify', FIXTURES, '--format', 'json', '--quiet');
    expectValid(whole, JSON.parse(stdout), 'verify fixtures --format json');
    const reports = reportsIn(stdout);
    // The fixtures hold every kind of report the schema tells apart: so the test validates them.
    expect(reports.some((r) => r.match === null)).toBe(true);
    expect(reports.some((r) => r.format === 'sgf')).toBe(true);
    expect(reports.some((r) => r.length === 0)).toBe(true);
    expect(reports.some((r) => r.rules?.name === 'nardy')).toBe(true);
    const codes = new Set(reports.flatMap((r) => r.findings.map((f) => f.code)));
    for (const code of ['duplicate-match', 'score-mismatch', 'points-mismatch', 'illegal-move', 'parse-error'])
      expect(codes).toContain(code);
  });

  it('verify fixtures --format ndjson: each line', async () => {
    const { stdout } = await cli('verify', FIXTURES, '--format', 'ndjson', '--quiet');
    expectNdjsonValid(stdout);
  });

  it('with the per-game CSV (games carry their statistics) and the per-match CSV (matches their summary)', async () => {
    const games = await cli('verify', FIXTURES, '--format', 'ndjson', '-q', '--csv', join(tmp, 'g.csv'));
    expect(games.stdout).toContain('"stats":');
    expectNdjsonValid(games.stdout);
    const matches = await cli('verify', FIXTURES, '-f', 'json', '-q', '--csv', join(tmp, 'm.csv'), '--per', 'match');
    expect(matches.stdout).toContain('"summary":');
    expectValid(whole, JSON.parse(matches.stdout), 'verify --csv --per match');
  });
});

describe('corpus files validate too', () => {
  const gnubg = join(CORPUS, 'gnubg-generated');
  const files = [
    // A match as .mat and as .sgf: the second is a duplicate of the first.
    join(gnubg, 'm01_len1_auto.mat'),
    join(gnubg, 'm01_len1_auto.sgf'),
    // Money sessions: Jacoby; automatic doubles, a beaver, a resignation.
    join(gnubg, 's01_money_jacoby.mat'),
    join(gnubg, 's02_money_autodouble_beaver_resign.sgf'),
    join(gnubg, 'm19_len7_nackgammon.sgf'),
    // An .xg file with an illegal move: a finding placed by game, move and record.
    join(CORPUS, 'xg', 'kevung__Squire-Jorgensen-Harmand-Unger_7_point_match_18-08-2024.xg'),
  ];

  it('in JSON and NDJSON, with rule and selection flags set', async () => {
    // A file that cannot be read: an io-error report.
    const paths = [...files, join(tmp, 'no-such-file.mat')];
    const flags = ['--rules', 'backgammon', '--no-crawford', '--cube-limit', '64', '--ignore', 'hit-marker'];
    const json = await cli('verify', ...paths, ...flags, '--format', 'json', '--quiet', '--min-severity', 'info');
    expectValid(whole, JSON.parse(json.stdout), 'corpus, json');
    const reports = reportsIn(json.stdout);
    expect(reports.map((r) => r.findings.map((f) => f.code)).flat()).toEqual(
      expect.arrayContaining(['duplicate-match', 'io-error']),
    );
    expect(reports.filter((r) => r.length === 0)).toHaveLength(2);
    const xg = reports.find((r) => r.format === 'xg');
    expect(xg?.games.flatMap((g) => g.findings).find((f) => f.code === 'illegal-move')).toMatchObject({
      game: 7,
      move: 26,
      record: 582,
    });
    const ndjson = await cli(
      'verify',
      ...paths,
      '--format',
      'ndjson',
      '--quiet',
      '--select',
      'duplicate-match,io-error',
    );
    expectNdjsonValid(ndjson.stdout);
  });

  it('players --format json, with and without its optional tables', async () => {
    for (const extra of [[], ['--head-to-head', '--by-length']]) {
      const { stdout } = await cli(
        'players',
        join(FIXTURES, 'mat'),
        join(FIXTURES, 'duplicates'),
        '-f',
        'json',
        ...extra,
      );
      const doc = JSON.parse(stdout) as { players: unknown[]; excluded: unknown[] };
      expect(doc.players.length).toBeGreaterThan(10);
      expect(doc.excluded.length).toBeGreaterThan(0);
      expectValid(whole, doc, `players ${extra.join(' ')}`);
    }
    // A field renamed is refused.
    const { stdout } = await cli('players', join(FIXTURES, 'mat'), '-f', 'json');
    const doc = JSON.parse(stdout) as { players: Record<string, unknown>[] };
    const [first] = doc.players;
    if (first === undefined) throw new Error('no player');
    first.point_won = first.points_won;
    delete first.points_won;
    expect(whole(doc)).toBe(false);
  });

  it('dice --format json, of the whole run and by file', async () => {
    for (const by of ['archive', 'file']) {
      const { stdout } = await cli('dice', ...files, join(FIXTURES, 'dice'), '-f', 'json', '-q', '--by', by);
      expectValid(whole, JSON.parse(stdout), `dice --by ${by}`);
    }
  });
});

describe('the schema refuses what bgaudit does not write', () => {
  let report: MatchReport;
  beforeAll(async () => {
    const { stdout } = await cli('verify', join(FIXTURES, 'scoring'), '--format', 'ndjson', '--quiet');
    const found = reportsIn(stdout).find((r) => r.games.some((g) => g.findings.some((f) => f.position)));
    if (found === undefined) throw new Error('no report with a game finding in fixtures/scoring');
    report = found;
  });

  type Json = Record<string, unknown>;
  const game = (r: Json) => (r.games as Json[]).find((g) => (g.findings as Json[]).length > 0) as Json;
  const gameFinding = (r: Json) => (game(r).findings as Json[])[0];
  const rename = (o: Json, from: string, to: string) => {
    o[to] = o[from];
    delete o[from];
  };

  // Each change makes one report that bgaudit never writes.
  const changes: [string, (r: Json) => void][] = [
    ['a report field renamed', (r) => rename(r, 'file', 'path')],
    ['a report field missing', (r) => delete r.rules],
    ['a field added', (r) => (r.extra = 1)],
    ['a game field renamed', (r) => rename(game(r), 'termination', 'ending')],
    ['a game field missing', (r) => delete game(r).final],
    ['a finding field renamed', (r) => rename(gameFinding(r), 'code', 'kind')],
    ['a finding without its message', (r) => delete gameFinding(r).message],
    ['a code not in the catalogue', (r) => (gameFinding(r).code = 'ilegal-move')],
    [
      'a severity its code does not take',
      (r) => {
        const f = gameFinding(r);
        const allowed: readonly string[] = FINDING_CODES[f.code as FindingCode].severities;
        f.severity = ['error', 'warning', 'info'].find((s) => !allowed.includes(s));
      },
    ],
    ['a termination not in the enum', (r) => (game(r).termination = 'resigned')],
    ['an outcome on an unfinished game', (r) => Object.assign(game(r), { termination: 'unfinished', winner: null })],
    ['a side that is not 0 or 1', (r) => (game(r).winner = 2)],
    ['a score that is not a pair', (r) => ((game(r).startScore as Json).recorded = [1, 2, 3])],
    ['a position field renamed', (r) => rename(gameFinding(r).position as Json, 'positionId', 'position_id')],
    ['a rule source not in the enum', (r) => (((r.rules as Json).source as Json).jacoby = 'guessed')],
    ['a format not in the enum', (r) => (r.format = 'bgf')],
    [
      'an unreadable file with games',
      (r) => Object.assign(r, { match: null, players: null, length: null, rules: null }),
    ],
  ];

  it('a real report validates before it is changed', () => {
    expectValid(record, report, 'the report as written');
  });

  it.each(changes)('%s', (_, change) => {
    const changed = structuredClone(report) as unknown as Json;
    change(changed);
    expect(record(changed)).toBe(false);
  });

  it('a run record with a setting renamed', async () => {
    const { stdout } = await cli('verify', join(FIXTURES, 'scoring'), '--format', 'ndjson', '--quiet');
    const run = JSON.parse(stdout.split('\n')[0]) as { bgaudit: { settings: Json } };
    expectValid(record, run, 'the run record as written');
    rename(run.bgaudit.settings, 'fileTimeout', 'timeout');
    expect(record(run)).toBe(false);
  });
});

describe('the schema and the finding catalogue agree', () => {
  it("the code enum is the catalogue's codes, in its order", () => {
    const defs = (schema as { $defs: { findingCode: { enum: string[] } } }).$defs;
    expect(defs.findingCode.enum).toEqual(Object.keys(FINDING_CODES));
  });

  it('each code takes the severities the catalogue gives it, and no other', () => {
    for (const code of Object.keys(FINDING_CODES) as FindingCode[]) {
      const allowed: readonly Severity[] = FINDING_CODES[code].severities;
      for (const severity of ['error', 'warning', 'info'] as const)
        expect(finding({ code, severity, message: 'm' }), `${code} ${severity}`).toBe(allowed.includes(severity));
    }
  });
});

describe("docs/output.md's examples are bgaudit's output", () => {
  const doc = readFileSync(join(ROOT, 'docs', 'output.md'), 'utf8');
  /** The fenced blocks of the page, without their fences. */
  const blocks = [...doc.matchAll(/```[a-z]*\n([\s\S]*?)```/g)].map((m) => m[1]);
  const block = (start: string) => {
    const found = blocks.find((b) => b.startsWith(start));
    if (found === undefined) throw new Error(`no block starting ${start} in docs/output.md`);
    return found;
  };
  // The examples are run from fixtures/scoring (and the unreadable one from fixtures/mat/broken).
  const here = (text: string) => text.replaceAll('\r\n', '\n').replaceAll('fixtures/scoring/', '');
  const example = 'fixtures/scoring/opening-double.mat';

  it('text', async () => {
    expect(here((await cli('verify', example)).stdout)).toBe(block('opening-double.mat\n'));
  });

  it('concise', async () => {
    expect(here((await cli('verify', example, '-f', 'concise')).stdout)).toBe(block('opening-double.mat:8:34:'));
  });

  it('the run record of ndjson, and the report of an unreadable file', async () => {
    const run = (await cli('verify', example, '-f', 'ndjson', '-q')).stdout.split('\n')[0];
    expect(here(run) + '\n').toBe(block('{"bgaudit":'));
    const broken = (await cli('verify', 'fixtures/mat/broken/binary.mat', '-f', 'ndjson', '-q')).stdout;
    expect(broken.split('\n')[1].replace('fixtures/mat/broken/', '') + '\n').toBe(block('{"file":"binary.mat"'));
  });

  it('csv, per game (cut after recorded_length) and per match', async () => {
    const rows = here((await cli('csv', example)).stdout).split('\n');
    const shown = block('file,match,game,').trimEnd().split('\n');
    expect(shown).toHaveLength(2);
    shown.forEach((line, k) => expect(rows[k].startsWith(line.replace(/…$/, ''))).toBe(true));
    expect(here((await cli('csv', example, '--per', 'match')).stdout)).toBe(block('file,match,format,'));
  });

  it("players: the CSV's header, and the JSON's fields", async () => {
    const csv = (await cli('players', example, '-f', 'csv')).stdout.split('\r\n')[0];
    expect(csv + '\n').toBe(block('name,matches,'));
    const json = JSON.parse((await cli('players', example, '-f', 'json')).stdout) as Record<string, unknown>;
    const shown = block('{"players": [{"name"');
    for (const key of Object.keys(json)) expect(shown).toContain(`"${key}":`);
  });
});
