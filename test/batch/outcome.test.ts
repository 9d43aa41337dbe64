// A file's memory: a file's outcome is made report by report as its matches are audited
// (OutcomeBuilder, FileRenderer), each report rendered and dropped. Its every output must be the
// one of the file's reports taken together (the outcome as made before files were read match by match, written out here as it
// was), and no report may stay alive once it is rendered.
import { readFileSync } from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { auditDecoded, auditDecodedEach } from '../../src/read/file.js';
import { decode } from '../../src/read/decode.js';
import { addDuplicateFindings, type DuplicateOf } from '../../src/batch/duplicates.js';
import { OutcomeBuilder, type FileOutcome, type RunOptions } from '../../src/batch/outcome.js';
import type { MatchReport } from '../../src/core/model.js';
import { renderCsvRows, renderMatchCsvRows } from '../../src/report/csv.js';
import { renderHtmlFile } from '../../src/report/html-file.js';
import { renderJsonLines } from '../../src/report/json.js';
import { countsOf, type OutputFormat, type RenderSpec, type RenderedFile } from '../../src/report/reporter.js';
import {
  acceptedFindings,
  selectFindings,
  withoutAccepted,
  type AcceptedFinding,
  type FindingFilter,
} from '../../src/report/select.js';
import { renderShow } from '../../src/report/show.js';
import { renderText } from '../../src/report/text.js';
import { type AuditRequest, fileAudit } from '../../src/read/attach.js';
import { CORPUS, FIXTURES, filesUnder } from '../helpers.js';

/** renderFile as it was: every format from the file's reports together. */
function wholeRender(all: MatchReport[], spec: RenderSpec): RenderedFile {
  const only = spec.show?.match;
  const reports = only === undefined ? all : all.filter((r) => r.match === only || r.match === null);
  const out: RenderedFile['out'] = {};
  let json: string | undefined;
  for (const format of spec.formats) {
    if (format === 'text') out.text = renderText(reports, spec.showInfo);
    else if (format === 'csv') out.csv = renderCsvRows(reports);
    else if (format === 'csv-match') out['csv-match'] = renderMatchCsvRows(reports);
    else if (format === 'show') out.show = renderShow(reports, spec.show ?? {});
    else if (format === 'html') out.html = renderHtmlFile(reports, spec.source);
    else out[format] = json ??= renderJsonLines(reports);
  }
  return { counts: countsOf(reports), out };
}

/** outcomeOf as it was. */
function wholeOutcome(
  path: string,
  all: MatchReport[],
  options: RunOptions,
  accepted?: AcceptedFinding[],
): FileOutcome {
  for (const r of all) if (r.match !== null) r.contentKey = undefined;
  const reports = selectFindings(all, options.select);
  const rendered = wholeRender(withoutAccepted(reports, accepted), options.render);
  if (options.baseline) rendered.baseline = JSON.stringify({ file: path, findings: acceptedFindings(reports) });
  return { path, skipped: false, rendered };
}

const FORMATS: OutputFormat[] = ['text', 'ndjson', 'csv', 'csv-match', 'html'];

interface Case {
  audit: AuditRequest;
  select?: FindingFilter;
  baseline?: boolean;
  showInfo: boolean;
  formats: OutputFormat[];
  /** Accept every other finding of the file (a baseline that accepts some of it). */
  accept?: boolean;
  /** Say every other match repeats one of another file. */
  duplicates?: boolean;
  show?: RenderSpec['show'];
}

const CASES: Case[] = [
  { audit: {}, showInfo: false, formats: FORMATS },
  {
    audit: { contentKey: true, gameStats: true, matchSummary: true },
    showInfo: true,
    formats: FORMATS,
    baseline: true,
    accept: true,
    duplicates: true,
  },
  {
    audit: {},
    showInfo: false,
    formats: ['json', 'text'],
    select: { ignore: ['illegal-move'], minSeverity: 'warning' },
  },
  { audit: {}, showInfo: false, formats: ['show'], show: { match: 2 } },
];

/** The file's outcome made report by report (`order` gives the order they are added in) and all together. */
function both(bytes: Uint8Array, name: string, c: Case, order: 'file' | 'reversed'): [string, string] {
  const decoded = decode(bytes);
  const fresh = () => auditDecoded(decoded, name, fileAudit(c.audit));
  const probe = fresh();
  const findings = probe.flatMap((r) => r.findings.map((f) => ({ r, f })));
  const accepted = c.accept
    ? acceptedFindings(probe).map((a, k) => (k % 2 === 0 ? a : { ...a, count: Math.max(1, a.count - 1) }))
    : undefined;
  const duplicates: DuplicateOf[] | undefined = c.duplicates
    ? probe
        .filter((r) => r.match !== null && r.match % 2 === 1)
        .map((r) => ({
          match: r.match ?? 0,
          file: 'other.mat',
          ofMatch: 3,
          errors: 1,
          errorsHere: 0,
          differs: { line: 7, part: 'score line' as const },
        }))
    : undefined;
  expect(findings.length >= 0).toBe(true);
  const spec: RenderSpec = {
    formats: c.formats,
    showInfo: c.showInfo,
    ...(c.show ? { show: c.show } : {}),
    ...(decoded.ok ? { source: decoded.text } : {}),
  };
  const options: RunOptions = {
    audit: c.audit,
    maxFileSize: 1 << 30,
    render: spec,
    select: c.select,
    baseline: c.baseline,
  };
  const whole = fresh();
  if (duplicates) addDuplicateFindings(whole, duplicates);
  const expected = wholeOutcome(name, whole, options, accepted);
  // With duplicates, the reports are held until the check's answer, as a worker holds them.
  const builder = new OutcomeBuilder(name, options, accepted, { hold: duplicates !== undefined });
  const reports = fresh();
  const indices = reports.map((_, k) => k);
  if (order === 'reversed') indices.reverse();
  for (const k of indices) builder.add(reports[k], k);
  if (duplicates) builder.answer(duplicates);
  const got = builder.finish();
  return [JSON.stringify(got), JSON.stringify(expected)];
}

const all = [...filesUnder(FIXTURES), ...filesUnder(CORPUS)].filter((p) => !/\.(md|tsv|py|png|json)$/.test(p));

describe('a file rendered report by report = its reports rendered together', () => {
  it('every file of the fixtures and the corpus, every format, with selection, baseline, duplicates', () => {
    expect(all.length).toBeGreaterThan(1400);
    for (const path of all) {
      const bytes = readFileSync(path);
      CASES.forEach((c, k) => {
        const [got, want] = both(bytes, path, c, k === 1 ? 'reversed' : 'file');
        expect(got === want, `${path} case ${k}`).toBe(true);
      });
    }
  });

  it('files of many matches, in order and out of order, with more parse errors than a file lists', () => {
    const mats = all.filter((p) => p.endsWith('.mat')).slice(0, 240);
    const game = (a: string, bad: number) =>
      ` 3 point match\n\n Game 1\n ${a} : 0                Bob : 0\n${'zz\n'.repeat(bad)}  1) 31: 8/5 6/5            42: 8/4 6/4\n      Wins 1 point\n`;
    const texts = [
      `${'yy\n'.repeat(40)}${game('Ann', 0)}${'xx\n'.repeat(40)}${game('Cy', 80)}${game('Di', 1)}`,
      `${game('Ann', 150)}${game('Cy', 2)}${game('Di', 1)}`,
    ];
    const files = [
      ...texts.map((t) => new TextEncoder().encode(t)),
      ...Array.from({ length: 8 }, (_, k) =>
        Buffer.concat(mats.slice(k * 30, k * 30 + 30).map((p) => readFileSync(p))),
      ),
    ];
    for (const [k, bytes] of files.entries()) {
      for (const c of CASES) {
        for (const order of ['file', 'reversed'] as const) {
          const [got, want] = both(bytes, `many-${k}.mat`, c, order);
          expect(got === want, `many-${k} ${order}`).toBe(true);
        }
      }
    }
  });
});

describe('no report outlives its rendering', () => {
  it.each(['.mat', '.sgf'])(
    'every report of a %s file of many matches can be collected while the file is still being read',
    async (ext) => {
      v8.setFlagsFromString('--expose-gc');
      const gc = vm.runInNewContext('gc') as () => void;
      // Plain UTF-8, and (SGF) without a syntax error: a file read game tree by game tree.
      const plain = (b: Buffer) => {
        const d = decode(b);
        let whole = false;
        if (d.ok)
          auditDecodedEach(
            d,
            'x',
            {},
            () => {},
            () => (whole = true),
          );
        return d.ok && d.encoding === 'utf-8' && !whole;
      };
      const mats = all
        .filter((p) => p.endsWith(ext))
        .map((p) => readFileSync(p))
        .filter(plain)
        .slice(0, 60);
      const bytes = Buffer.concat(mats.flatMap((b) => [b, Buffer.from('\n')]));
      const decoded = decode(bytes);
      const options: RunOptions = {
        audit: { contentKey: true, gameStats: true, matchSummary: true },
        maxFileSize: 1 << 30,
        render: {
          formats: ['text', 'ndjson', 'csv', 'csv-match', 'html'],
          showInfo: true,
          source: decoded.ok ? decoded.text : undefined,
        },
        baseline: true,
      };
      let collected = 0;
      const registry = new FinalizationRegistry<number>(() => void collected++);
      const builder = new OutcomeBuilder('many.mat', options);
      let made = 0;
      auditDecodedEach(
        decoded,
        'many.mat',
        fileAudit(options.audit),
        (r, k) => {
          registry.register(r, k);
          made++;
          builder.add(r, k);
        },
        () => {
          throw new Error('read again whole');
        },
      );
      // The builder has not finished: what it holds now is what it would hold on a file of any length.
      for (let k = 0; k < 10 && collected < made; k++) {
        gc();
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(made).toBeGreaterThan(ext === '.mat' ? 50 : 3);
      expect(collected).toBe(made);
      const outcome = builder.finish();
      expect(outcome.skipped).toBe(false);
    },
  );
});
