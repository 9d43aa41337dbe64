// `bgaudit dice --format text`: the whole run's tests, and what each p-value says in plain words;
// then with `--by`, one line per group and the full table of each group with a test rejected,
// given a group at a time (the text of a run of many groups is never held whole).
import type { DiceResult, GroupResult, JudgedTest, TestFamily } from '../stats/tally.js';
import type { DiceTest } from '../stats/tests.js';
import { printable } from './escape.js';
import { itemAt } from '../core/at.js';

/** A p-value as people read it: three significant digits, an exponent when tiny. */
export function formatP(p: number | null): string {
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
function plural(n: number, word: string): string {
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
      if (t.n === 0) return 'no rolls';
      return `${num(itemAt(t.observed, 0))} doubles in ${num(t.n)} roll${t.n === 1 ? '' : 's'} (${((100 * itemAt(t.observed, 0)) / t.n).toFixed(2)}%), fair dice ${num(itemAt(t.expected, 0), 1)} (16.67%)`;
    case 'pips':
      return t.n === 0 ? 'no rolls' : `mean ${itemAt(t.observed, 0).toFixed(3)} pips a roll, fair dice 8.167`;
    case 'bar-entry':
      if (t.n === 0) return 'no rolls from the bar';
      return `${num(t.n)} rolls from the bar against 1-5 open points: ${entries(t)}`;
    case 'sequence':
      return `${num(t.n)} pairs of one player's consecutive rolls`;
    case 'opening':
      return `${num(t.n)} opening rolls`;
    default: {
      const worst = t.observed
        .map((o, i) => ({ i, r: (o - itemAt(t.expected, i)) / Math.sqrt(t.expected[i] || 1) }))
        .sort((a, b) => Math.abs(b.r) - Math.abs(a.r))[0];
      const what = t.name === 'faces' ? 'faces' : 'rolls';
      return worst === undefined || t.n === 0
        ? `no ${what}`
        : `${num(t.n)} ${what}; furthest from fair: ${t.labels[worst.i]} ${num(itemAt(t.observed, worst.i))} against ${num(itemAt(t.expected, worst.i), 1)}`;
    }
  }
}

/** Bar entries per k: entered / tries (expected %). */
function entries(t: DiceTest): string {
  const parts: string[] = [];
  for (let k = 1; k <= 5; k++) {
    const entered = itemAt(t.observed, 2 * (k - 1));
    const tries = entered + itemAt(t.observed, 2 * (k - 1) + 1);
    if (tries === 0) continue;
    const expected = (100 * itemAt(t.expected, 2 * (k - 1))) / tries;
    parts.push(`k=${k} ${num(entered)}/${num(tries)} (fair ${expected.toFixed(0)}%)`);
  }
  return parts.join(', ');
}

/** The family a group's tests are held together in: the whole run's own, or every group's. */
function familyOf(r: DiceResult, whole: boolean): TestFamily & { name: string } {
  if (whole || r.groupTests === null)
    return { name: "the whole run's", made: r.testsMade, counted: r.testsCounted, threshold: r.threshold };
  return { name: `the ${r.by} tests'`, ...r.groupTests };
}

/** The plain-words line: what the p-value says, and what it does not; `whole`: a test of the whole run. */
export function verdictLine(t: JudgedTest, r: DiceResult, whole: boolean): string {
  if (t.p === null) return `not tested: ${t.note ?? 'nothing to test'}`;
  const p = formatP(t.p);
  const f = familyOf(r, whole);
  if (t.rejected)
    return `p = ${p}: fair dice would give a result this far from what they expect about once in ${oneIn(t.p)} archives; rejected after ${f.name} correction (${f.counted} tests, first threshold ${formatP(f.threshold)}), so chance alone is an unlikely reading. It does not say why (the dice, how the records were made, or which were kept).`;
  if (!t.counted)
    return `p = ${p}: with ${num(t.n)} observations this test could not reach ${f.name} threshold (${formatP(f.threshold)}) whatever it saw: no evidence against the dice.`;
  if (t.p < 0.05)
    return `p = ${p}: fair dice would do this about once in ${oneIn(t.p)} archives; with ${f.counted} tests held together, a few such p-values come by chance: not rejected, no evidence against the dice.`;
  return `p = ${p}: fair dice would give a result at least this far from what they expect ${t.p >= 0.995 ? 'nearly always' : `${(100 * t.p).toFixed(0)}% of the time`}: no sign of unfair dice (which does not prove them fair).`;
}

function testLines(t: JudgedTest, r: DiceResult, whole: boolean): string[] {
  const head = `  ${t.name.padEnd(10)} ${(t.statistic === null ? '-' : num(t.statistic, 2)).padStart(10)} ${(t.df === null ? '-' : String(t.df)).padStart(4)} ${formatP(t.p).padStart(9)}  ${t.method}`;
  const lines = [head, `      ${printable(observedText(t))}`, `      ${verdictLine(t, r, whole)}`];
  if (t.note !== undefined && t.p !== null) lines.push(`      ${t.note}`);
  return lines;
}

function groupBlock(g: GroupResult, r: DiceResult, whole: boolean): string {
  const title = whole ? 'the whole run' : `${r.by} ${printable(g.key)}`;
  const lines = [
    `${title}: ${num(g.rolls)} rolls, ${num(g.openings)} openings`,
    `  ${'test'.padEnd(10)} ${'statistic'.padStart(10)} ${'df'.padStart(4)} ${'p'.padStart(9)}  method`,
  ];
  for (const t of g.tests) lines.push(...testLines(t, r, whole));
  return lines.join('\n') + '\n\n';
}

/** The widest a group's name is padded to in the table of groups (a longer one pushes its row's p-values right). */
const KEY_WIDTH = 24;

/** The table of every group, one line each: its rolls and each test's p, `*` where it is rejected. */
function* groupTable(r: DiceResult, groups: readonly GroupResult[]): Generator<string> {
  const names = groups[0]?.tests.map((t) => t.name) ?? [];
  const width = Math.min(
    KEY_WIDTH,
    groups.reduce((w, g) => Math.max(w, printable(g.key).length), r.by.length),
  );
  yield `Each ${r.by}: each test's p (* rejected after ${familyOf(r, false).name} correction; - not tested)\n`;
  yield `  ${r.by.padEnd(width)} ${'rolls'.padStart(7)} ${'openings'.padStart(8)}${names.map((n) => ` ${n.padStart(10)}`).join('')}\n`;
  for (const g of groups) {
    const ps = g.tests.map((t) => ` ${(formatP(t.p) + (t.rejected ? '*' : ' ')).padStart(10)}`).join('');
    yield (
      `  ${printable(g.key).padEnd(width)} ${num(g.rolls).padStart(7)} ${num(g.openings).padStart(8)}${ps}`.trimEnd() +
      '\n'
    );
  }
  yield '\n';
}

/** Whether the run counted any roll or opening: with none, there is nothing to test (exit 2). */
export function anyRolls(r: DiceResult): boolean {
  const all = r.groups[0];
  return all !== undefined && all.rolls + all.openings > 0;
}

/** The run in a few sentences: what was read and left out, the tests made and counted, the correction, what chance alone gives. */
export function runSentences(r: DiceResult): string[] {
  const groups = r.groups.length - 1;
  const left =
    r.duplicatesLeftOut > 0
      ? ` ${plural(r.duplicatesLeftOut, 'match')} left out as repeating an earlier one (--keep-duplicates counts them).`
      : '';
  const family = (f: TestFamily) =>
    `${plural(f.made, 'test')} made` +
    (f.made === 0
      ? '.'
      : `, ${num(f.counted)} of them able to reach the threshold (the others, on few rolls, could not give so small a p whatever they saw). ` +
        `Held together by Holm's step-down at a family-wise level of ${r.alpha}: the first threshold is p <= ${r.alpha} / ${num(f.counted)} = ${formatP(f.threshold)}.`);
  const apart = r.groupTests;
  const made = r.testsMade + (apart?.made ?? 0);
  return [
    `Dice of ${plural(r.files, 'file')}, ${plural(r.matches, 'match')}, ${plural(r.games, 'game')}.${left}`,
    `The whole run: ${family({ made: r.testsMade, counted: r.testsCounted, threshold: r.threshold })}`,
    apart === null
      ? ''
      : `The ${plural(groups, r.by)}, a family of their own (the whole run's verdicts are the same whatever --by asks): ${family(apart)}`,
    made === 0
      ? ''
      : `Chance alone: with fair dice, a rejection in at most 1 run in ${Math.round(1 / r.alpha)}${apart === null ? '' : ' in each family'} (at most ${r.alpha} false rejections expected); unadjusted, about ${num(Math.round(made * r.alpha * 10) / 10, 1)} of these ${plural(made, 'test')} would be below ${r.alpha}.`,
  ].filter((x) => x !== '');
}

/** The last line: the verdict. */
export function verdictOfRun(r: DiceResult, where: 'above' | 'below' = 'above'): string {
  if (!anyRolls(r)) return 'No rolls to test: no file here holds a roll that could be counted.';
  if (r.rejected === 0) return 'No test rejects fair dice after the correction: nothing here shows unfair dice.';
  const groups =
    r.by === 'archive'
      ? ''
      : ` (${plural(r.groupsRejected, r.by)}${r.groups[0]?.tests.some((t) => t.rejected) ? ' and the whole run' : ''})`;
  return `${plural(r.rejected, 'test')} reject${r.rejected === 1 ? 's' : ''} fair dice after the correction${groups}: see ${where}.`;
}

/** The report, a group at a time: the whole run's table, the line of each group, the table of each group with a test rejected. */
export function* renderDiceText(r: DiceResult): Generator<string> {
  yield runSentences(r).join('\n') + '\n\n';
  const [whole, ...groups] = r.groups;
  if (whole !== undefined) yield groupBlock(whole, r, true);
  if (groups.length > 0) yield* groupTable(r, groups);
  for (const g of groups) if (g.tests.some((t) => t.rejected)) yield groupBlock(g, r, false);
  if (r.unreadable.length > 0) {
    yield `${r.unreadable.length} file${r.unreadable.length === 1 ? '' : 's'} could not be read (no dice counted):\n`;
    for (const u of r.unreadable) yield `  ${printable(u.file)}: ${printable(u.message)} (${u.code})\n`;
    yield '\n';
  }
  yield verdictOfRun(r) + '\n';
}
