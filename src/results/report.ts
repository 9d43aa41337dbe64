// `verify --results FILE`: the results file read before the run, the run's matches gathered as
// they are written, and at the end one report on the results file with what the pairing found.
import { fileReport } from '../read/file-report.js';
import type { MatchReport } from '../core/model.js';
import type { Sink } from '../report/reporter.js';
import type { Aliases } from '../standings/names.js';
import { matchesSink } from './collect.js';
import { pairResultsPausing, type PlayedMatch } from './pair.js';
import { parseSheet, SheetError, type ResultRow } from './sheet.js';
import { readInputText, UnreadableInput } from '../batch/read-input.js';

/** A results sheet of a hundred thousand rows is far under this; a file past it is not one (its rows are held). */
const RESULTS_LIMIT = 16 * 1024 * 1024;

/** A results file: its rows, and its text (the HTML report shows the lines of its findings). */
interface Sheet {
  rows: ResultRow[];
  text: string;
}

/** The results file read as any input is; a SheetError (a usage error) when it cannot be. */
export function readSheet(path: string, limit = RESULTS_LIMIT): Sheet {
  let text: string;
  try {
    text = readInputText(path, limit);
  } catch (e) {
    if (e instanceof UnreadableInput) throw new SheetError(`--results ${path}: cannot be read (${e.message})`);
    throw e;
  }
  return { rows: parseSheet(text, path), text };
}

/** The report on the results file: no match of its own (match null), the pairing's findings. */
async function resultsReport(
  path: string,
  rows: readonly ResultRow[],
  matches: readonly PlayedMatch[],
  aliases?: Aliases,
): Promise<MatchReport> {
  return fileReport(path, 'results', await pairResultsPausing(rows, matches, path, aliases));
}

/** What a run given `--results` adds: the sink that gathers the matches, and the report made at the end. */
export function resultsCheck(
  path: string,
  sheet: Sheet,
  aliases?: Aliases,
): { sink: { format: 'csv-match'; sink: Sink }; report: () => Promise<{ report: MatchReport; source: string }> } {
  const matches: PlayedMatch[] = [];
  return {
    sink: matchesSink(matches),
    report: async () => ({ report: await resultsReport(path, sheet.rows, matches, aliases), source: sheet.text }),
  };
}
