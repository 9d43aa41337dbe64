// A file with a duplicate is audited once: its `duplicate-match` findings are added on the main
// thread to what its worker rendered (append-duplicates.ts). The reports are byte for byte those of
// a second audit given the findings, which a run with the HTML page still makes (its part of the
// page cannot take a finding after the fact): the same archive, every match in it twice, under
// each filter, cap and baseline.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPaths, type AuditRun } from '../../src/batch/run.js';
import { csvSink } from '../../src/report/csv.js';
import { htmlSink } from '../../src/report/html.js';
import { jsonSink, ndjsonSink } from '../../src/report/json.js';
import type { OutputFormat, Sink, Write } from '../../src/report/reporter.js';
import type { AcceptedFinding } from '../../src/report/select.js';
import { textSink } from '../../src/report/text.js';
import { CORPUS, FIXTURES } from '../helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'bgaudit-dup-once-'));

beforeAll(() => {
  const mats = readdirSync(join(FIXTURES, 'mat')).filter((f) => f.endsWith('.mat'));
  for (const copy of ['a', 'b']) {
    mkdirSync(join(dir, copy, 'dup'), { recursive: true });
    for (const f of mats) copyFileSync(join(FIXTURES, 'mat', f), join(dir, copy, f));
    for (const f of readdirSync(join(FIXTURES, 'duplicates')))
      copyFileSync(join(FIXTURES, 'duplicates', f), join(dir, copy, 'dup', f));
  }
  // .mat beside .sgf: the same matches in two formats.
  mkdirSync(join(dir, 'g'));
  for (const f of readdirSync(join(CORPUS, 'gnubg-generated')).filter((f) => /^m0[1-6]_.*\.(mat|sgf)$/.test(f)))
    copyFileSync(join(CORPUS, 'gnubg-generated', f), join(dir, 'g', f));
  // A file that repeats its own first match, after another (walked first: "0" sorts before "a").
  mkdirSync(join(dir, '0'));
  const one = readFileSync(join(FIXTURES, 'mat', 'gnubg-7p-hits-and-dances.mat'), 'utf8');
  const two = readFileSync(join(FIXTURES, 'mat', 'galaxy-names-with-spaces.mat'), 'utf8');
  writeFileSync(join(dir, '0', 'within.mat'), `${one}\n${two}\n${one}\n`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SINKS: Record<string, (w: Write) => Sink> = {
  text: textSink,
  json: (w) => jsonSink(w),
  ndjson: (w) => ndjsonSink(w),
  csv: (w) => csvSink(w, 'game'),
  'csv-match': (w) => csvSink(w, 'match'),
  html: (w) => htmlSink(w, { version: 'test', paths: [dir] }),
  // What `players` reads: the lines as the worker made them, a duplicate's marked.
  standings: (w) => ({ add: (s) => w(s), piece: (s) => w(s), pieced: () => {}, end: () => {} }),
};

type Extra = Partial<Pick<AuditRun, 'select' | 'maxFindings' | 'accepted'>>;

async function run(formats: OutputFormat[], extra: Extra) {
  const out: Record<string, string> = {};
  const baseline: string[] = [];
  const result = await runPaths([dir], {
    jobs: 1,
    maxFileSize: 16 * 1024 * 1024,
    fileTimeoutMs: 0,
    audit: { contentKey: true },
    sinks: formats.map((format) => {
      out[format] = '';
      return { format, sink: SINKS[format]((s) => void (out[format] += s)) };
    }),
    onBaseline: (line) => baseline.push(line),
    ...extra,
  });
  return { out, baseline: baseline.join('\n'), result };
}

/** Half of the run's `duplicate-match` findings, accepted, by file. */
function halfAccepted(baseline: string): Map<string, AcceptedFinding[]> {
  const accepted = new Map<string, AcceptedFinding[]>();
  let k = 0;
  for (const line of baseline.split('\n')) {
    const { file, findings } = JSON.parse(line) as { file: string; findings: AcceptedFinding[] };
    const some = findings.filter((f) => f.code === 'duplicate-match' && k++ % 2 === 0);
    if (some.length > 0) accepted.set(file, some);
  }
  return accepted;
}

describe('a file with a duplicate', () => {
  const cases: [string, () => Promise<Extra>][] = [
    ['no filter', async () => ({})],
    ['--max-findings 1', async () => ({ maxFindings: 1 })],
    ['--max-findings 3', async () => ({ maxFindings: 3 })],
    ['--select duplicate-match', async () => ({ select: { select: ['duplicate-match'] } })],
    ['--ignore duplicate-match', async () => ({ select: { ignore: ['duplicate-match'] } })],
    ['--min-severity error', async () => ({ select: { minSeverity: 'error' } })],
    [
      '--baseline accepting half the duplicates',
      async () => ({ accepted: halfAccepted((await run(['text'], {})).baseline) }),
    ],
  ];

  // Each format alone, and together with others. The formats a run writes decide which positions
  // the audit writes down (none for text and csv-match, the final ones for csv, all for JSON):
  // with a filter, one run for each of these, every format in one of them.
  const ALONE: OutputFormat[][] = [
    ['text'],
    ['json'],
    ['ndjson'],
    ['csv'],
    ['csv-match'],
    ['standings'],
    ['text', 'csv'],
  ];
  const GROUPED: OutputFormat[][] = [
    ['text', 'csv'],
    ['csv-match', 'standings'],
    ['json', 'ndjson'],
  ];

  it.each(cases)('%s: every format as a second audit makes it, each file audited once', async (name, extra) => {
    const options = await extra();
    // With the page, every file with a duplicate is audited again: the reports as they always were.
    const before = await run(['text', 'json', 'ndjson', 'csv', 'csv-match', 'standings', 'html'], options);
    // Every duplicate reported is marked in its standings line (`players` leaves it out).
    if (Object.keys(options).length === 0)
      expect(before.out.standings.match(/"[^"]*#\d+",\[/g)?.length).toBe(before.result.duplicateMatches);
    expect(before.result.duplicateMatches).toBeGreaterThan(20);
    expect(before.result.reaudited).toBeGreaterThan(20);
    for (const formats of name === 'no filter' ? ALONE : GROUPED) {
      const now = await run([...formats], options);
      for (const format of formats) expect(now.out[format]).toBe(before.out[format]);
      expect(now.baseline).toBe(before.baseline);
      expect(now.result.summary).toEqual(before.result.summary);
      expect(now.result.duplicateMatches).toBe(before.result.duplicateMatches);
      // Only a file whose listing is at its cap is audited again.
      if (options.maxFindings === undefined) expect(now.result.reaudited).toBe(0);
    }
  });

  it.each([
    ['concise', { concise: true }],
    ['coloured', { color: true }],
  ] as const)('%s text: the lines added are written as the rest, audited once', async (_, textStyle) => {
    const styled = async (formats: OutputFormat[]) => {
      let text = '';
      const result = await runPaths([dir], {
        jobs: 1,
        maxFileSize: 16 * 1024 * 1024,
        fileTimeoutMs: 0,
        audit: { contentKey: true },
        textStyle,
        sinks: formats.map((format) => ({
          format,
          sink: format === 'text' ? textSink((s) => void (text += s), textStyle) : SINKS[format](() => {}),
        })),
      });
      return { text, result };
    };
    const before = await styled(['text', 'html']);
    const now = await styled(['text']);
    expect(before.result.reaudited).toBeGreaterThan(20);
    expect(now.result.reaudited).toBe(0);
    expect(now.text).toBe(before.text);
  });

  it('carries its finding in the text, audited once', async () => {
    const { out, result } = await run(['text'], {});
    expect(result.reaudited).toBe(0);
    expect(out.text).toMatch(/within\.mat\n(.*\n)*.*match 3, this match repeats match 1 of this file/);
    expect(out.text.match(/ warning .* duplicate-match$/gm)?.length).toBe(result.duplicateMatches);
  });
});
