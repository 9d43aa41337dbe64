// `bgaudit dice --format json|csv`: the run's groups and tests as data.
import { createRequire } from 'node:module';
import type { DiceResult } from '../stats/tally.js';

type Papa = typeof import('papaparse');

/** The JSON document: the run record, the threshold, the groups (the whole run first) and unreadable files. */
export function renderDiceJson(r: DiceResult, run: { version: string; paths: string[] }): string {
  const doc = {
    bgaudit: { version: run.version, command: 'dice', paths: run.paths, settings: { by: r.by } },
    files: r.files,
    matches: r.matches,
    games: r.games,
    testsMade: r.testsMade,
    alpha: 0.05,
    threshold: r.threshold,
    rejected: r.rejected,
    groups: r.groups.map((g) => ({
      key: g.key,
      rolls: g.rolls,
      openings: g.openings,
      tests: g.tests.map((t) => ({ ...t, belowThreshold: t.p !== null && t.p < r.threshold })),
    })),
    unreadable: r.unreadable,
  };
  return JSON.stringify(doc, null, 1) + '\n';
}

const DICE_CSV_COLUMNS = [
  'group',
  'rolls',
  'test',
  'method',
  'statistic',
  'df',
  'p',
  'below_threshold',
  'threshold',
  'n',
  'min_expected',
  'observed',
  'expected',
  'labels',
] as const;

/** A cell that a spreadsheet would read as a formula (see csv.ts): written as text. */
const FORMULA = /^[=+\-@\t\r]/;

/** One row per group and test; observed, expected and labels joined with `;`. */
export function renderDiceCsv(r: DiceResult): string {
  const rows = r.groups.flatMap((g) =>
    g.tests.map((t) => ({
      group: g.key,
      rolls: g.rolls,
      test: t.name,
      method: t.method,
      statistic: t.statistic ?? '',
      df: t.df ?? '',
      p: t.p ?? '',
      below_threshold: t.p === null ? '' : t.p < r.threshold,
      threshold: r.threshold,
      n: t.n,
      min_expected: t.minExpected,
      observed: t.observed.join(';'),
      expected: t.expected.map((x) => Number(x.toPrecision(10))).join(';'),
      labels: t.labels.join(';'),
    })),
  );
  const papa = createRequire(import.meta.url)('papaparse') as Papa;
  return (
    papa.unparse(
      { fields: [...DICE_CSV_COLUMNS], data: rows.map((row) => DICE_CSV_COLUMNS.map((c) => row[c])) },
      {
        newline: '\r\n',
        escapeFormulae: FORMULA,
      },
    ) + '\r\n'
  );
}
