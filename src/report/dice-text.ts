// `bgaudit dice --format text`: a table per group, and what each p-value says in plain words.
import type { DiceResult, GroupResult } from '../stats/tally.js';
import type { DiceTest } from '../stats/tests.js';
import { printable } from './escape.js';

/** A p-value as people read it: three significant digits, an exponent when tiny. */
function formatP(p: number | null): string {
  if (p === null) return '-';
  if (p === 0) return '< 1e-300';
  if (p >= 0.001)
    return p
      .toPrecision(3)
      .replace(/(\.\d*?)0+$/, '$1')
      .replace(/\.$/, '');
  return p.toExponential(1);
}

/** `1 file`, `2,000 matches`. */
export function plural(n: number, word: string): string {
  return `${num(n)} ${word}${n === 1 ? '' : word.endsWith('ch') ? 'es' : 's'}`;
}

function num(x: number | null, digits = 2): string {
  if (x === null) return '-';
  if (Number.isInteger(x)) return x.toLocaleString('en-US');
  return x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** One chance in how many, rounded as people say it. */
function oneIn(p: number): string {
  const n = 1 / p;
  if (n < 1000) return Math.round(n).toLocaleString('en-US');
  const digits = Math.floor(Math.log10(n));
  if (digits < 6) return `${Math.round(n / 1000).toLocaleString('en-US')} thousand`;
  if (digits < 9) return `${Math.round(n / 1e6).toLocaleString('en-US')} million`;
  if (digits < 12) return `${Math.round(n / 1e9).toLocaleString('en-US')} billion`;
  return `10^${digits}`;
}

/** What was observed against what fair dice expect, in one short phrase. */
function observedText(t: DiceTest): string {
  switch (t.name) {
    case 'doubles':
      return `${num(t.observed[0])} doubles in ${num(t.n)} rolls (${((100 * t.observed[0]) / t.n).toFixed(2)}%), fair dice ${num(t.expected[0], 1)} (16.67%)`;
    case 'pips':
      return `mean ${t.observed[0].toFixed(3)} pips a roll, fair dice 8.167`;
    case 'bar-entry':
      return `${num(t.n)} rolls from the bar against 1-5 open points: ${entries(t)}`;
    case 'sequence':
      return `${num(t.n)} pairs of one player's consecutive rolls`;
    case 'opening':
      return `${num(t.n)} opening rolls`;
    default: {
      const worst = t.observed
        .map((o, i) => ({ i, r: (o - t.expected[i]) / Math.sqrt(t.expected[i] || 1) }))
        .sort((a, b) => Math.abs(b.r) - Math.abs(a.r))[0];
      const what = t.name === 'faces' ? 'faces' : 'rolls';
      return worst === undefined || t.n === 0
        ? `no ${what}`
        : `${num(t.n)} ${what}; furthest from fair: ${t.labels[worst.i]} ${num(t.observed[worst.i])} against ${num(t.expected[worst.i], 1)}`;
    }
  }
}

/** Bar entries per k: entered / tries (expected %). */
function entries(t: DiceTest): string {
  const parts: string[] = [];
  for (let k = 1; k <= 5; k++) {
    const entered = t.observed[2 * (k - 1)];
    const tries = entered + t.observed[2 * (k - 1) + 1];
    if (tries === 0) continue;
    const expected = (100 * t.expected[2 * (k - 1)]) / tries;
    parts.push(`k=${k} ${num(entered)}/${num(tries)} (fair ${expected.toFixed(0)}%)`);
  }
  return parts.join(', ');
}

/** The plain-words line: what the p-value says, and what it does not. */
export function verdictLine(t: DiceTest, threshold: number, tests: number): string {
  if (t.p === null) return `not tested: ${t.note ?? 'nothing to test'}`;
  const p = formatP(t.p);
  if (t.p < threshold)
    return `p = ${p}: fair dice would give a result this far from what they expect about once in ${oneIn(t.p)} archives; below the run's threshold (${formatP(threshold)} for ${tests} tests), so chance alone is an unlikely reading. It does not say why (the dice, how the records were made, or which were kept).`;
  if (t.p < 0.05)
    return `p = ${p}: fair dice would do this about once in ${oneIn(t.p)} archives; with ${tests} tests made, a few such p-values come by chance: not below the run's threshold (${formatP(threshold)}), no evidence against the dice.`;
  return `p = ${p}: fair dice would give a result at least this far from what they expect ${t.p >= 0.995 ? 'nearly always' : `${(100 * t.p).toFixed(0)}% of the time`}: no sign of unfair dice (which does not prove them fair).`;
}

function testLines(t: DiceTest, threshold: number, tests: number): string[] {
  const head = `  ${t.name.padEnd(10)} ${(t.statistic === null ? '-' : num(t.statistic, 2)).padStart(10)} ${(t.df === null ? '-' : String(t.df)).padStart(4)} ${formatP(t.p).padStart(9)}  ${t.method}`;
  const lines = [head, `      ${printable(observedText(t))}`, `      ${verdictLine(t, threshold, tests)}`];
  if (t.p !== null && t.name !== 'doubles' && t.minExpected < 5)
    lines.push(
      `      warning: an expected count is below 5 (${Number(t.minExpected.toPrecision(2))}): the chi-square p-value is only rough here`,
    );
  if (t.note !== undefined && t.p !== null && (t.name === 'sequence' || t.name === 'opening'))
    lines.push(`      ${t.note}`);
  return lines;
}

function groupBlock(g: GroupResult, r: DiceResult, whole: boolean): string {
  const title = whole ? 'the whole run' : `${r.by} ${printable(g.key)}`;
  const lines = [
    `${title}: ${num(g.rolls)} rolls, ${num(g.openings)} openings`,
    `  ${'test'.padEnd(10)} ${'statistic'.padStart(10)} ${'df'.padStart(4)} ${'p'.padStart(9)}  method`,
  ];
  for (const t of g.tests) lines.push(...testLines(t, r.threshold, r.testsMade));
  return lines.join('\n') + '\n';
}

export function renderDiceText(r: DiceResult): string {
  const out: string[] = [];
  out.push(
    `Dice of ${plural(r.files, 'file')}, ${plural(r.matches, 'match')}, ${plural(r.games, 'game')}. ${r.testsMade} tests made; ` +
      `Bonferroni threshold for the run: p < 0.05 / ${r.testsMade} = ${formatP(r.threshold)}.\n`,
  );
  r.groups.forEach((g, i) => out.push(groupBlock(g, r, i === 0)));
  if (r.unreadable.length > 0) {
    out.push(`${r.unreadable.length} file${r.unreadable.length === 1 ? '' : 's'} could not be read (no dice counted):`);
    for (const u of r.unreadable) out.push(`  ${printable(u.file)}: ${printable(u.message)} (${u.code})`);
    out.push('');
  }
  out.push(
    r.rejected === 0
      ? 'No test is below the threshold: nothing here shows unfair dice.\n'
      : `${r.rejected} test${r.rejected === 1 ? ' is' : 's are'} below the threshold: see above.\n`,
  );
  return out.join('\n');
}
