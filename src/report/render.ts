// One file's reports → its text in every format asked for, and its counts. Pure; runs in the
// worker that audited the file.
import type { MatchReport } from '../model.js';
import { renderCsvRows, renderMatchCsvRows } from './csv.js';
import { renderHtmlFile } from './html-file.js';
import { renderJsonLines } from './json.js';
import { countsOf, type RenderSpec, type RenderedFile } from './reporter.js';
import { renderShow } from './show.js';
import { renderText } from './text.js';

export function renderFile(all: MatchReport[], spec: RenderSpec): RenderedFile {
  const only = spec.show?.match;
  const reports = only === undefined ? all : all.filter((r) => r.match === only || r.match === null);
  const out: RenderedFile['out'] = {};
  let json: string | undefined; // json and ndjson sinks take the same lines
  for (const format of spec.formats) {
    if (format === 'text') out.text = renderText(reports, spec.showInfo);
    else if (format === 'csv') out.csv = renderCsvRows(reports);
    else if (format === 'csv-match') out['csv-match'] = renderMatchCsvRows(reports);
    else if (format === 'show') out.show = renderShow(reports, spec.show ?? {});
    else if (format === 'html') out.html = renderHtmlFile(reports, spec.source);
    else out[format] = json ??= renderJsonLines(reports);
  }
  return { counts: countsOf(reports), out };
}
