// FileRenderer: a file's reports rendered one at a time. Given writers (a file read in pieces, its
// text spooled), each format's text is written as it is made; the reports after one that comes
// last (the match that counts a file's unlisted parse errors) are written apart and joined after
// it, not held: the text is the one of the reports rendered in order.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditFile } from '../../src/read/file.js';
import { FileRenderer, renderFile } from '../../src/report/render.js';
import type { OutputFormat, PieceWriter } from '../../src/report/reporter.js';
import { renderJsonParts } from '../../src/report/json.js';
import { FIXTURES } from '../helpers.js';

/** Writers in memory: each keeps what it was given; `close` names it by its format. */
function memorySpool() {
  const written = new Map<string, string>();
  const spool = (name: string): PieceWriter => {
    written.set(name, '');
    const w: PieceWriter = {
      write: (t) => void written.set(name, (written.get(name) ?? '') + t),
      close: () => ((written.get(name) ?? '') === '' ? null : name),
      append: (other) => {
        const from = other.close();
        if (from !== null) w.write(written.get(from) ?? '');
      },
    };
    return w;
  };
  return { written, spool };
}

const reports = auditFile(
  readFileSync(join(FIXTURES, 'mat', 'bbgt-two-matches-gridgammon-ratings.mat')),
  'two.mat',
  {},
).concat(auditFile(readFileSync(join(FIXTURES, 'mat', 'cp1252-names-illegal-play.mat')), 'two.mat', {}));
const formats: OutputFormat[] = ['text', 'ndjson', 'csv', 'csv-match'];
const spec = { formats, showInfo: true };

describe('FileRenderer with writers', () => {
  it.each([0, 1, 2])('report %i added last: the same text, the later ones written before it comes', (last) => {
    expect(reports.length).toBe(3);
    expect(reports.some((r) => r.findings.length > 0)).toBe(true);
    const inOrder = renderFile(reports, spec);
    const { written, spool } = memorySpool();
    const renderer = new FileRenderer(spec, spool);
    const order = [...reports.keys()].filter((k) => k !== last).concat(last);
    order.forEach((k, step) => {
      renderer.add(reports[k], k);
      // Nothing waits in memory: every report added so far is written somewhere.
      if (step === order.length - 2 && last < reports.length - 1)
        expect(
          [...written.keys()].filter((n) => n.startsWith('after.') && written.get(n) !== '').length,
        ).toBeGreaterThan(0);
    });
    const out = renderer.finish();
    expect(out.counts).toEqual(inOrder.counts);
    for (const f of formats) {
      const path = out.spooled?.[f];
      expect(path === undefined ? out.out[f] : written.get(path), f).toBe(inOrder.out[f]);
    }
  });
});

// A line can hold two findings: without a cap, what a file's listing holds grows with the file
// (a few MB of ` 1) Takes  Takes` lines rendered a hundred times their size at once, past what a
// worker survives). The first findings are listed, the rest counted; the counts and the CSV
// follow every finding.
describe('findings listed per file', () => {
  const takes = (lines: number) =>
    Buffer.from(
      ' 7 point match\n\n Game 1\n Anna : 0                       Boris : 0\n' + ' 1) Takes  Takes\n'.repeat(lines),
    );
  const all: OutputFormat[] = ['text', 'ndjson', 'csv', 'html'];

  it.each([
    // lines, cap: findings 2 a line and one match-unfinished
    [10, 5],
    [10, 21],
    [10, 100],
  ])('%i lines of takes, at most %i listed', (lines, cap) => {
    const reports = auditFile(takes(lines), 'm.mat', {});
    const total = lines * 2 + 1;
    expect(reports[0].findings).toHaveLength(total);
    const out = renderFile(reports, { formats: all, showInfo: false, maxFindings: cap });
    const uncapped = renderFile(reports, { formats: all, showInfo: false });
    expect(out.counts).toEqual(uncapped.counts);
    expect(out.counts.bySeverity.error).toBe(lines * 2);
    expect(out.out.csv).toBe(uncapped.out.csv);
    const text = out.out.text ?? '';
    const listed = Math.min(cap, total);
    expect(text.split('\n').filter((l) => /^ {2}\d/.test(l))).toHaveLength(listed);
    const report = JSON.parse(out.out.ndjson ?? '') as {
      findings: unknown[];
      games: { findings: unknown[] }[];
      notListed?: { findings: number; error: number; warning: number; info: number };
    };
    expect(report.findings).toHaveLength(listed);
    expect(report.games[0].findings.length).toBeLessThanOrEqual(listed);
    expect((out.out.html ?? '').match(/<tr data-code/g)).toHaveLength(listed);
    if (cap >= total) {
      expect(out).toEqual(uncapped);
      expect(report.notListed).toBeUndefined();
      return;
    }
    expect(report.notListed).toEqual({ findings: total - cap, error: total - cap - 1, warning: 1, info: 0 });
    expect(text).toContain(
      `  and ${total - cap} more findings not listed (${total - cap - 1} errors, 1 warning: cube-response ${total - cap - 1}, match-unfinished 1); at most ${cap} are listed a file (--max-findings)\n`,
    );
    expect(out.out.html).toContain(`<tr class="more"><td colspan="7">and ${total - cap} more findings not listed`);
  });

  it('counts the cap over the file, not each match', () => {
    const one = takes(3).toString();
    const reports = auditFile(Buffer.from(one + '\n' + one.slice(one.indexOf('\n') + 1)), 'm.mat', {});
    const findings = reports.reduce((n, r) => n + r.findings.length, 0);
    const out = renderFile(reports, { formats: ['ndjson'], showInfo: false, maxFindings: 4 });
    const lines = (out.out.ndjson ?? '')
      .split('\n')
      .map((l) => JSON.parse(l) as { findings: unknown[]; notListed?: { findings: number } });
    expect(lines.reduce((n, r) => n + r.findings.length, 0)).toBe(4);
    expect(lines.reduce((n, r) => n + (r.notListed?.findings ?? 0), 0)).toBe(findings - 4);
  });
});

describe('bounded parts', () => {
  const fixtureReports = ['mat', 'scoring', 'sgf']
    .flatMap((d) => readdirSync(join(FIXTURES, d)).map((n) => join(FIXTURES, d, n)))
    .filter((p) => /\.(mat|sgf)$/.test(p))
    .flatMap((p) => auditFile(readFileSync(p), p, {}));

  it('a report JSON in parts is JSON.stringify, byte for byte', () => {
    expect(fixtureReports.length).toBeGreaterThan(50);
    for (const r of fixtureReports) expect(renderJsonParts(r).join('')).toBe(JSON.stringify(r));
    const undefinedKey = { ...fixtureReports[0], contentKey: undefined };
    expect(renderJsonParts(undefinedKey).join('')).toBe(JSON.stringify(undefinedKey));
  });

  it('a match of many games is many parts of about 64 KB, never one string', () => {
    const games = Buffer.from(
      ' 7 point match\n\n' + Array.from({ length: 3000 }, (_, k) => ` Game ${k + 1}\n\n`).join(''),
    );
    const [r] = auditFile(games, 'g.mat', {});
    const parts = renderJsonParts(r);
    expect(parts.join('')).toBe(JSON.stringify(r));
    expect(parts.length).toBeGreaterThan(10);
    expect(Math.max(...parts.map((p) => p.length))).toBeLessThan(70 * 1024);
  });

  it.each([0, 1, 300, 5000, Infinity])(
    'a text held up to %i characters, then written: the same text either way',
    (spillAt) => {
      const inOrder = renderFile(reports, spec);
      const { written, spool } = memorySpool();
      const renderer = new FileRenderer(spec, spool, spillAt);
      [2, 0, 1].forEach((k) => renderer.add(reports[k], k));
      const out = renderer.finish();
      for (const f of formats) {
        const path = out.spooled?.[f];
        expect(path === undefined ? out.out[f] : written.get(path), f).toBe(inOrder.out[f]);
        // Written once past the threshold, held below it.
        expect(path !== undefined, f).toBe((inOrder.out[f] ?? '').length >= spillAt && spillAt !== Infinity);
      }
    },
  );
});
