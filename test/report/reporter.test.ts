import { describe, expect, it } from 'vitest';
import { addToSummary, coalesce, countsOf, emptySummary } from '../../src/report/reporter.js';
import type { Finding, MatchReport } from '../../src/core/model.js';
import { textSink } from '../../src/report/text.js';
import { jsonSink, ndjsonSink } from '../../src/report/json.js';
import { csvSink } from '../../src/report/csv.js';

describe('coalesce', () => {
  it('joins small writes into blocks, writes on the delay, and flushes what is left', () => {
    const out: string[] = [];
    let clock = 0;
    const c = coalesce(
      (s) => out.push(s),
      10,
      200,
      () => clock,
    );
    c.write('abc');
    c.write('');
    c.write('defg');
    expect(out).toEqual([]);
    c.write('hijk'); // 11 characters held: one block
    expect(out).toEqual(['abcdefghijk']);
    c.write('x');
    clock = 150;
    c.write('y');
    expect(out).toHaveLength(1);
    clock = 200; // the first held write is 200 ms old
    c.write('z');
    expect(out).toEqual(['abcdefghijk', 'xyz']);
    c.write('end');
    c.flush();
    c.flush();
    expect(out).toEqual(['abcdefghijk', 'xyz', 'end']);
  });
});

describe('a file given to a sink in pieces (a spooled text) = the same file given whole', () => {
  const summary = { ...emptySummary(), files: 3 };
  // Three files' texts as each format renders them: a file's JSON lines are its reports, one a line.
  const texts: Record<string, string[]> = {
    text: ['a.mat\n  1:1  error  x  parse-error\n', '', 'c.mat\n  2  warning  y  z\n  3  info  w  v\n'],
    json: ['{"file":"a","match":1}\n{"file":"a","match":2}', '', '{"file":"c","match":1}'],
    ndjson: ['{"file":"a","match":1}\n{"file":"a","match":2}', '', '{"file":"c","match":1}'],
    csv: ['a,1,2\r\na,2,3\r\n', '', 'c,1,1\r\n'],
  };
  const sinks = {
    text: textSink,
    json: (w: (s: string) => void) => jsonSink(w),
    ndjson: (w: (s: string) => void) => ndjsonSink(w),
    csv: (w: (s: string) => void) => csvSink(w),
  };

  it.each(Object.keys(sinks) as (keyof typeof sinks)[])('%s', (format) => {
    const files = texts[format];
    let whole = '';
    const a = sinks[format]((s) => void (whole += s));
    for (const f of files) a.add(f);
    a.end(summary);
    // Each non-empty file cut at every third character (a cut inside a line too), or given whole.
    for (const cut of [1, 3, 1000]) {
      let pieced = '';
      const b = sinks[format]((s) => void (pieced += s));
      files.forEach((f, k) => {
        if (f === '' || k === 1) return b.add(f);
        for (let i = 0; i < f.length; i += cut) b.piece(f.slice(i, i + cut), i === 0);
        b.pieced();
      });
      b.end(summary);
      expect(pieced).toBe(whole);
    }
    expect(whole.length).toBeGreaterThan(20);
  });
});

describe("the text summary counts the findings that have a fix, as ruff's `[*] n fixable` does", () => {
  const summaryOf = (fixable: number | undefined) => {
    let out = '';
    const sink = textSink((s) => void (out += s));
    sink.end({ ...emptySummary(), files: 1, fixable });
    return out.split('\n');
  };

  it.each([
    [undefined, null],
    [0, null],
    [1, "1 finding has a fix: 'bgaudit fix PATHS --diff' shows it, '--out DIR' writes it"],
    [2, "2 findings have a fix: 'bgaudit fix PATHS --diff' shows them, '--out DIR' writes them"],
  ])('%s', (fixable, line) => {
    const lines = summaryOf(fixable);
    if (line === null) expect(lines.some((l) => l.includes('fix'))).toBe(false);
    else expect(lines.at(-2)).toBe(line);
  });

  it("counts a file's findings that carry a fix, and adds files' counts up", () => {
    const fix = { edits: [{ line: 3, column: 5, from: '2', to: '1' }] };
    const finding = (code: string, withFix: boolean) =>
      ({ code, severity: 'error', message: 'm', line: 3, ...(withFix ? { fix } : {}) }) as Finding;
    const report = {
      match: 1,
      games: [],
      findings: [finding('points-mismatch', true), finding('illegal-move', false)],
    };
    const counts = countsOf([report as unknown as MatchReport]);
    expect(counts.fixable).toBe(1);
    const summary = emptySummary();
    addToSummary(summary, counts);
    addToSummary(summary, counts);
    expect(summary.fixable).toBe(2);
  });
});
