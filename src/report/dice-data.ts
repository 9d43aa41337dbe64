// `bgaudit dice --format json|csv`: the run's groups and tests as data, given a group at a time
// (the document of a run of many groups is never held whole).
import Papa from 'papaparse';
import type { DiceResult, GroupResult } from '../stats/tally.js';
import { itemAt } from '../core/at.js';
import { FORMULA } from './formula.js';

/** One group as JSON: its tests with their verdicts (`belowThreshold`: rejected, the older name kept). */
function groupJson(g: GroupResult): unknown {
  return {
    key: g.key,
    rolls: g.rolls,
    openings: g.openings,
    tests: g.tests.map((t) => ({ ...t, belowThreshold: t.rejected })),
  };
}

/** The JSON document: the run record, the correction, the groups (the whole run first) and unreadable files. */
export function* renderDiceJson(r: DiceResult, run: { version: string; paths: string[] }): Generator<string> {
  const head = {
    bgaudit: { version: run.version, command: 'dice', paths: run.paths, settings: { by: r.by } },
    files: r.files,
    matches: r.matches,
    games: r.games,
    duplicatesLeftOut: r.duplicatesLeftOut,
    correction: 'holm-tarone',
    alpha: r.alpha,
    testsMade: r.testsMade,
    testsCounted: r.testsCounted,
    threshold: r.threshold,
    groupTests: r.groupTests,
    rejected: r.rejected,
    groupsRejected: r.groupsRejected,
  };
  const open = JSON.stringify(head, null, 1);
  yield open.slice(0, open.length - 2) + ',\n "groups": [';
  for (let i = 0; i < r.groups.length; i++)
    yield (i === 0 ? '\n' : ',\n') + JSON.stringify(groupJson(itemAt(r.groups, i)));
  yield '\n ],\n "unreadable": [';
  for (let i = 0; i < r.unreadable.length; i++) yield (i === 0 ? '\n' : ',\n') + JSON.stringify(r.unreadable[i]);
  yield '\n ]\n}\n';
}

const DICE_CSV_COLUMNS = [
  'group',
  'rolls',
  'test',
  'method',
  'statistic',
  'df',
  'p',
  'rejected',
  'counted',
  'min_p',
  'threshold',
  'n',
  'min_expected',
  'observed',
  'expected',
  'labels',
] as const;

/**
 * One row per group and test; observed, expected and labels joined with `;`. Exact: on a
 * terminal the command escapes its cells (commands/common.ts, reportStdout).
 */
export function* renderDiceCsv(r: DiceResult): Generator<string> {
  const unparse = (data: unknown[][]) =>
    Papa.unparse({ fields: [...DICE_CSV_COLUMNS], data }, { newline: '\r\n', escapeFormulae: FORMULA, header: false });
  yield DICE_CSV_COLUMNS.join(',') + '\r\n';
  for (const g of r.groups) {
    const rows = g.tests.map((t) => {
      const row = {
        group: g.key,
        rolls: g.rolls,
        test: t.name,
        method: t.method,
        statistic: t.statistic ?? '',
        df: t.df ?? '',
        p: t.p ?? '',
        rejected: t.p === null ? '' : t.rejected,
        counted: t.p === null ? '' : t.counted,
        min_p: t.p === null ? '' : t.minP,
        threshold: g === r.groups[0] || r.groupTests === null ? r.threshold : r.groupTests.threshold,
        n: t.n,
        min_expected: t.minExpected,
        observed: t.observed.join(';'),
        expected: t.expected.map((x) => Number(x.toPrecision(10))).join(';'),
        labels: t.labels.join(';'),
      };
      return DICE_CSV_COLUMNS.map((c) => row[c]);
    });
    if (rows.length > 0) yield unparse(rows) + '\r\n';
  }
}
