// One file's reports → its text in every format asked for, and its counts. Pure; runs in the
// worker that audited the file.
import type { MatchReport } from '../model.js';
import { renderCsvRows } from './csv.js';
import { renderJsonLines } from './json.js';
import { countsOf, type RenderSpec, type RenderedFile } from './reporter.js';
import { renderText } from './text.js';

export function renderFile(reports: MatchReport[], spec: RenderSpec): RenderedFile {
  const out: RenderedFile['out'] = {};
  let json: string | undefined; // json and ndjson sinks take the same lines
  for (const format of spec.formats) {
    if (format === 'text') out.text = renderText(reports, spec.showInfo);
    else if (format === 'csv') out.csv = renderCsvRows(reports);
    else out[format] = json ??= renderJsonLines(reports);
  }
  return { counts: countsOf(reports), out };
}
