// One file's reports → its text in every format asked for, and its counts. Pure; runs in the
// worker that audited the file.
import type { MatchReport } from '../model.js';
import { renderCsvRows } from './csv.js';
import { renderJsonLines } from './json.js';
import { countsOf, type RenderSpec, type RenderedFile } from './reporter.js';
import { renderText } from './text.js';

export function renderFile(reports: MatchReport[], spec: RenderSpec): RenderedFile {
  const out: RenderedFile['out'] = {};
  for (const format of spec.formats) {
    if (format === 'text') out.text = renderText(reports, spec.showInfo);
    else if (format === 'csv') out.csv = renderCsvRows(reports);
    else if (out.ndjson === undefined && out.json === undefined) out[format] = renderJsonLines(reports);
    else out[format] = out.ndjson ?? out.json;
  }
  return { counts: countsOf(reports), out };
}
