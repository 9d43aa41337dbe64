// A file with a duplicate is audited once, and its `duplicate-match` findings are in its reports as
// any other finding is: its worker holds the file until the main thread has met every file before
// it (duplicate-desk.ts), then renders it. The run's output in every format is that of the same
// archive audited in input order in one thread, each file's reports given their findings before
// they are rendered: every match in it twice, under each filter, cap and baseline, with one worker
// and two, and with batches cut short by a tiny output budget (sent again, asked again).
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positionsFor, runPaths, type AuditRun } from '../../src/batch/run.js';
import { discover } from '../../src/batch/discover.js';
import { DuplicateIndex, addDuplicateFindings } from '../../src/batch/duplicates.js';
import { OutcomeBuilder, type RunOptions } from '../../src/batch/outcome.js';
import { auditDecoded } from '../../src/read/file.js';
import { fileAudit } from '../../src/read/attach.js';
import { decode } from '../../src/read/decode.js';
import type { ContentKey } from '../../src/scoring/match-key.js';
import { csvSink } from '../../src/report/csv.js';
import { htmlSink } from '../../src/report/html.js';
import { jsonSink, ndjsonSink } from '../../src/report/json.js';
import { addToSummary, emptySummary, type OutputFormat, type Sink, type Write } from '../../src/report/reporter.js';
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

type Extra = Partial<Pick<AuditRun, 'select' | 'maxFindings' | 'accepted' | 'jobs' | 'textStyle'>>;

function sinksFor(formats: OutputFormat[], out: Record<string, string>, extra: Extra) {
  return formats.map((format) => {
    out[format] = '';
    const write = (s: string) => void (out[format] += s);
    return { format, sink: format === 'text' ? textSink(write, extra.textStyle) : SINKS[format](write) };
  });
}

async function run(formats: OutputFormat[], extra: Extra) {
  const out: Record<string, string> = {};
  const baseline: string[] = [];
  const result = await runPaths([dir], {
    jobs: 1,
    maxFileSize: 16 * 1024 * 1024,
    fileTimeoutMs: 0,
    audit: { contentKey: true },
    sinks: sinksFor(formats, out, extra),
    onBaseline: (line) => baseline.push(line),
    ...extra,
  });
  return { out, baseline: baseline.join('\n'), result };
}

/**
 * The same archive in one thread, no pool and no desk: each file in input order audited whole, its
 * keys met, its reports given their duplicate findings, then rendered as one outcome.
 */
function inOneThread(formats: OutputFormat[], extra: Extra) {
  const out: Record<string, string> = {};
  const sinks = sinksFor(formats, out, extra);
  const baseline: string[] = [];
  const index = new DuplicateIndex();
  const summary = emptySummary();
  const audit = { contentKey: true, positions: positionsFor(formats) };
  for (const item of discover([dir])) {
    if (item.kind === 'skipped') summary.skipped++;
    if (item.kind !== 'file') continue;
    const decoded = decode(readFileSync(item.path));
    const options: RunOptions = {
      audit,
      maxFileSize: 16 * 1024 * 1024,
      render: {
        formats,
        showInfo: false,
        maxFindings: extra.maxFindings,
        text: extra.textStyle,
        source: formats.includes('html') && decoded.ok ? decoded.text : undefined,
      },
      select: extra.select,
      baseline: true,
    };
    const reports = auditDecoded(decoded, item.path, fileAudit(audit));
    const keys = reports.map((r): ContentKey | null => (r.match === null ? null : (r.contentKey ?? null)));
    if (keys.some((k) => k !== null)) addDuplicateFindings(reports, index.meetFile(item.path, keys));
    const builder = new OutcomeBuilder(item.path, options, extra.accepted?.get(item.path));
    reports.forEach((r, k) => {
      if (r.match !== null) r.contentKey = undefined;
      builder.add(r, k);
    });
    const o = builder.finish();
    if (o.skipped) continue;
    addToSummary(summary, o.rendered.counts);
    for (const { format, sink } of sinks) sink.add(o.rendered.out[format] ?? '');
    if (o.rendered.baseline !== undefined) baseline.push(o.rendered.baseline);
  }
  for (const { sink } of sinks) sink.end(summary);
  return { out, baseline: baseline.join('\n'), duplicates: index.count };
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
    ['two workers', async () => ({ jobs: 2 })],
    ['--max-findings 1', async () => ({ maxFindings: 1 })],
    ['--max-findings 3', async () => ({ maxFindings: 3 })],
    ['--select duplicate-match', async () => ({ select: { select: ['duplicate-match'] } })],
    ['--ignore duplicate-match', async () => ({ select: { ignore: ['duplicate-match'] } })],
    ['--min-severity error', async () => ({ select: { minSeverity: 'error' } })],
    [
      '--baseline accepting half the duplicates',
      async () => ({ accepted: halfAccepted((await run(['text'], {})).baseline) }),
    ],
    ['concise text', async () => ({ textStyle: { concise: true } })],
    ['coloured text', async () => ({ textStyle: { color: true } })],
  ];
  const ALL: OutputFormat[] = ['text', 'json', 'ndjson', 'csv', 'csv-match', 'standings', 'html'];

  it.each(cases)('%s: every format as audited in one thread, in input order', async (_, extra) => {
    const options = await extra();
    const want = inOneThread(ALL, options);
    expect(want.duplicates).toBeGreaterThan(20);
    const got = await run(ALL, options);
    for (const format of ALL) expect(got.out[format], format).toBe(want.out[format]);
    expect(got.baseline).toBe(want.baseline);
    expect(got.result.duplicateMatches).toBe(want.duplicates);
  });

  it('every duplicate reported is marked in its standings line (`players` leaves it out)', async () => {
    const { out, result } = await run(['standings'], {});
    expect(out.standings.match(/"[^"]*#\d+",\[/g)?.length).toBe(result.duplicateMatches);
  });

  it('batches cut short by their output budget are sent again and asked about again: the same output', async () => {
    const formats: OutputFormat[] = ['text', 'ndjson', 'csv'];
    const want = await run(formats, {});
    for (const jobs of [1, 2]) {
      const out: Record<string, string> = {};
      const result = await runPaths([dir], {
        jobs,
        maxFileSize: 16 * 1024 * 1024,
        fileTimeoutMs: 0,
        audit: { contentKey: true },
        sinks: sinksFor(formats, out, {}),
        outputBudget: 1,
      });
      for (const format of formats) expect(out[format], format).toBe(want.out[format]);
      expect(result.duplicateMatches).toBe(want.result.duplicateMatches);
    }
  });

  it('carries its finding in the text', async () => {
    const { out, result } = await run(['text'], {});
    expect(out.text).toMatch(/within\.mat\n(.*\n)*.*match 3, this match repeats match 1 of this file/);
    expect(out.text.match(/ warning .* duplicate-match$/gm)?.length).toBe(result.duplicateMatches);
  });
});
