// The HTML report's pieces, without a browser: what reaches the page from a file is escaped,
// long lines are cut, boards are shared and capped, the page streams and states its policy.
// (test/browser/ opens the pages in Chromium.)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuditedMatch, Finding, MatchReport } from '../../src/core/model.js';
import { fileReport } from '../../src/read/file-report.js';
import { jsonForScript } from '../../src/report/html-escape.js';
import { MAX_BOARDS, MAX_LINE, playMoves, renderHtmlFile, UNREADABLE } from '../../src/report/html-file.js';
import { inlineScript, SCRIPT } from '../../src/report/html-script.js';
import { htmlSink } from '../../src/report/html.js';
import { emptySummary } from '../../src/report/reporter.js';
import { cli, FIXTURES } from '../helpers.js';

const START = { positionId: '4HPwATDgc/ABMA', matchId: 'cAlgAAAAAAAE', xgid: null, onRoll: 1 as const, dice: null };

function report(findings: Finding[], over: Partial<AuditedMatch> = {}): AuditedMatch {
  return {
    file: 'a.mat',
    match: 1,
    format: 'mat',
    players: ['Anna', 'Boris'],
    length: 3,
    rules: { name: 'backgammon', variant: 'backgammon', crawford: true, jacoby: false, beavers: false },
    games: [],
    findings,
    ...over,
  };
}

const HOSTILE = '</script><script>alert(1)</script><img src=x onerror=alert(2)>\u2028"\'&';

/** The JSON of a fragment's evidence script, parsed as the page parses it. */
function evidenceOf(fragment: string): { lines: Record<string, unknown>; f: Record<string, unknown>[] } {
  const m = /<script type="application\/json" data-evidence>(.*?)<\/script>/s.exec(fragment);
  return JSON.parse(m![1]);
}

describe('renderHtmlFile', () => {
  it('escapes every text from the file: path, names, message, values, recorded text, source lines', () => {
    const f: Finding = {
      code: 'points-mismatch',
      severity: 'error',
      message: `the record says ${HOSTILE}`,
      game: 1,
      line: 2,
      column: 1,
      recorded: 1,
      expected: HOSTILE,
      position: { ...START, recorded: HOSTILE },
    };
    const copy: Finding = {
      code: 'duplicate-match',
      severity: 'warning',
      message: 'm',
      line: 3,
      expected: { file: HOSTILE, match: 1, errors: 0, differsAt: null },
    };
    const text = `1 point match\n${HOSTILE}\n\u202eevil\n`;
    const out = renderHtmlFile(
      [report([f, copy], { file: `${HOSTILE}.mat`, players: [HOSTILE, '\u001b]0;x\u0007'] })],
      text,
    );
    expect(out).not.toMatch(/<script>alert|<img|onerror=alert\(2\)>/);
    expect(out.match(/<\/script>/g)).toHaveLength(2); // the evidence's and the boards' own ends
    expect(out).not.toMatch(/[\u2028\u2029\u001b\u0007\u202e]/);
    expect(out).toContain('data-file="&lt;/script&gt;');
    const e = evidenceOf(out);
    expect(e.lines['2']).toBe(HOSTILE.replace('\u2028', '\\u2028'));
    expect(e.lines['3']).toBe('\\u202eevil');
    expect(e.f[0].ev).toContain('</script>'); // exact in the JSON, inert in the page
    expect(e.f[1].ev).toContain('</script>');
  });

  it("says where a repeated match was first met in words, not as the finding's JSON", () => {
    const copy = (differsAt: number | null, errors: number): Finding => ({
      code: 'duplicate-match',
      severity: 'warning',
      message: 'm',
      line: 1,
      expected: { file: 'first.mat', match: 2, errors, differsAt },
    });
    const say = (f: Finding) => evidenceOf(renderHtmlFile([report([f])], '1 point match\n')).f[0].ev;
    expect(say(copy(null, 0))).toBe('first met in first.mat, match 2 (no error of its own)');
    expect(say(copy(14, 1))).toBe('first met in first.mat, match 2 (1 error of its own); the copies differ at line 14');
  });

  it('gives nothing for a clean file and one row per finding otherwise', () => {
    expect(renderHtmlFile([report([])], 'x')).toBe('');
    const findings: Finding[] = [
      { code: 'match-unfinished', severity: 'warning', message: 'm', line: 1 },
      { code: 'cube-value', severity: 'error', message: 'c', game: 2, line: 1, column: 3 },
    ];
    const out = renderHtmlFile([report(findings)], '1 point match\n');
    expect(out.match(/<tr /g)).toHaveLength(2);
    expect(out).toContain('data-code="cube-value" data-severity="error" data-file="a.mat">');
    expect(out).not.toContain('data-boards'); // no position: no board
  });

  it('cuts a long line, around the column on the finding’s own line, and says how long it was', () => {
    const long = 'x'.repeat(5000) + 'HERE' + 'y'.repeat(5000);
    const f: Finding = { code: 'parse-error', severity: 'error', message: 'm', line: 1, column: 5001 };
    const e = evidenceOf(renderHtmlFile([report([f])], long));
    const [first, from, total] = e.lines['1'] as [string, number, number];
    expect([first.length, from, total]).toEqual([MAX_LINE, 0, 10004]);
    const [own, start] = e.f[0].w as [string, number, number];
    expect(own.length).toBe(MAX_LINE);
    expect(own.slice(5000 - start, 5004 - start)).toBe('HERE');
  });

  it('draws one board per position, a file at most MAX_BOARDS', () => {
    const at = (game: number, code: 'points-mismatch' | 'gammon-on-drop' = 'points-mismatch'): Finding => ({
      code,
      severity: 'error',
      message: 'm',
      game,
      position: { ...START, recorded: 'Wins 2 points' },
    });
    const shared = renderHtmlFile([report([at(1), at(1, 'gammon-on-drop')])]);
    expect(evidenceOf(shared).f.map((e) => e.b)).toEqual([0, 0]);
    const many = renderHtmlFile([report(Array.from({ length: MAX_BOARDS + 3 }, (_, k) => at(k + 1)))]);
    const boards = /<script type="text\/plain" data-boards>(.*?)<\/script>/s.exec(many)![1].split('\n');
    expect(boards).toHaveLength(MAX_BOARDS);
    expect(boards.every((b) => b.startsWith('<svg') && b.endsWith('</svg>'))).toBe(true);
    expect(
      evidenceOf(many)
        .f.slice(-4)
        .map((e) => e.b),
    ).toEqual([MAX_BOARDS - 1, -1, -1, -1]);
  });

  it('draws the recorded and a legal play of an illegal move', () => {
    const f: Finding = {
      code: 'illegal-move',
      severity: 'error',
      message: 'm',
      game: 1,
      line: 9,
      position: { ...START, onRoll: 0, dice: [6, 4], recorded: '64: 24/18 18/13' },
      legalPlay: '24/18 24/20',
    };
    const out = renderHtmlFile([report([f])]);
    expect(out).toContain('data-play="recorded"');
    expect(out).toContain('data-play="legal"');
    expect(evidenceOf(out).f[0]).toMatchObject({ lp: '24/18 24/20', pos: { rec: '64: 24/18 18/13', dice: [6, 4] } });
  });

  it("says a finding's fix in words: each edit at its place, the lines removed", () => {
    const f: Finding = {
      code: 'points-mismatch',
      severity: 'error',
      message: 'm',
      game: 1,
      line: 36,
      fix: { edits: [{ line: 36, column: 12, from: '3 points', to: '4 points' }] },
    };
    const g: Finding = {
      code: 'game-after-match',
      severity: 'error',
      message: 'm',
      game: 2,
      line: 40,
      fix: { edits: [], remove: { line: 39, lines: 9 } },
    };
    const e = evidenceOf(renderHtmlFile([report([f, g])])).f;
    expect(e[0]?.['fx']).toBe("line 36:12: '3 points' becomes '4 points'");
    expect(e[1]?.['fx']).toBe('lines 39-47 removed');
  });

  it('frames an unreadable file for the summary', () => {
    const f: Finding = { code: 'io-error', severity: 'error', message: 'cannot read the file: <gone>' };
    const out = renderHtmlFile([fileReport('gone.mat', null, [f])]);
    expect(out.startsWith(UNREADABLE + '<li>')).toBe(true);
    expect(out).toContain('cannot read the file: &lt;gone&gt;');
  });
});

describe('playMoves', () => {
  it.each([
    [
      '64: 24/18 18/13',
      [
        [24, 18],
        [18, 13],
      ],
    ],
    [
      'bar/22* 13/7(2)',
      [
        [25, 22],
        [13, 7],
        [13, 7],
      ],
    ],
    [
      '8/5*/1 6/off',
      [
        [8, 5],
        [5, 1],
        [6, 0],
      ],
    ],
    ['Cannot Move', null],
    ['', null],
    ['13/8 26/20', null],
  ])('%s', (text, moves) => expect(playMoves(text)).toEqual(moves));
});

describe('jsonForScript', () => {
  it('leaves nothing that ends a script or a line', () => {
    const s = jsonForScript({ a: '</script><!-- & \u2028\u2029' });
    expect(s).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(s)).toEqual({ a: '</script><!-- & \u2028\u2029' });
  });
});

describe('the page script', () => {
  it('is page/script.js from its use strict on, with the values of the constants in', () => {
    expect(SCRIPT.startsWith("\n'use strict';\ndocument.addEventListener(")).toBe(true);
    expect(SCRIPT).toContain('var PAGE = 500,');
    expect(SCRIPT).toContain(`for one file (${MAX_BOARDS});`);
    expect(SCRIPT).not.toMatch(/__[A-Z]|@ts-check/);
  });

  it('refuses a name without a value, a value no name asks for, a text without its start', () => {
    const source = "// @ts-check\n'use strict';\nvar a = __PAGE__, b = '(__MAX_BOARDS__)';\n";
    expect(inlineScript(source)).toBe(`\n'use strict';\nvar a = 500, b = '(${MAX_BOARDS})';\n`);
    expect(() => inlineScript(source.replace('__PAGE__', '__ROWS__'))).toThrow("script's __ROWS__ has no value");
    expect(() => inlineScript(source.replace('__PAGE__', '1'))).toThrow('does not use PAGE');
    expect(() => inlineScript(source.replace("'use strict';", ''))).toThrow("has no 'use strict' line");
  });
});

describe('htmlSink', () => {
  it('writes the head with its policy first, each file as written, and the summary last', () => {
    const parts: string[] = [];
    const sink = htmlSink((s) => parts.push(s), { version: '9.9.9', paths: ['<b>x</b>'] });
    const head = parts.join('');
    expect(head).toMatch(
      /^<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">/,
    );
    expect(head).toContain('verify &lt;b&gt;x&lt;/b&gt;');
    expect(head).not.toMatch(/(src|href)="(?!data:)/);
    sink.add('');
    sink.add(`${UNREADABLE}<li>gone.mat</li>${UNREADABLE}<tr data-code="io-error"></tr>`);
    sink.add('<tr data-code="cube-value"></tr>');
    const summary = { ...emptySummary(), files: 3, byCode: { 'io-error': 1, 'cube-value': 1 } };
    sink.end(summary);
    const page = parts.join('');
    expect(page).toContain('<noscript id="rows"><table>');
    expect(page).toContain('<tbody data-k="0"><tr data-code="io-error"></tr></tbody>');
    expect(page).toContain('<tbody data-k="1"><tr data-code="cube-value"></tr></tbody>');
    expect(page).toContain('Files that could not be read (1)</h2><ul><li>gone.mat</li>');
    expect(page.indexOf('class="summary"')).toBeGreaterThan(page.indexOf('</table></noscript>'));
    expect(page).toContain('data-bar-code="cube-value"');
    expect(page.endsWith('</html>\n')).toBe(true);
  });
});

describe('verify --html', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bgaudit-html-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the page beside the usual output, one row per finding', async () => {
    const page = join(dir, 'r.html');
    const { code, stdout } = await cli('verify', join(FIXTURES, 'scoring'), '--format', 'json', '--html', page);
    expect(code).toBe(1);
    const reports = (JSON.parse(stdout) as MatchReport[]).slice(1);
    const findings = reports.reduce((n, r) => n + r.findings.length, 0);
    const html = readFileSync(page, 'utf8');
    expect(html.match(/<tr data-code=/g)).toHaveLength(findings);
    expect(html.endsWith('</html>\n')).toBe(true);
    // The summary counts the findings with a fix, as the text summary does.
    const fixable = reports.reduce((n, r) => n + r.findings.filter((f) => f.fix !== undefined).length, 0);
    expect(fixable).toBeGreaterThan(0);
    expect(html).toContain(`<dt>with a fix (bgaudit fix)</dt><dd>${fixable}</dd>`);
  });

  it('refuses an output that is one of the inputs, and leaves it as it was', async () => {
    const input = join(dir, 'x.mat');
    writeFileSync(input, readFileSync(join(FIXTURES, 'scoring', 'cube-value.mat')));
    const before = readFileSync(input, 'utf8');
    const { code, stderr } = await cli('verify', dir, '--html', input);
    expect(code).toBe(2);
    expect(stderr).toContain('the output file is one of the inputs');
    expect(readFileSync(input, 'utf8')).toBe(before);
  });
});
