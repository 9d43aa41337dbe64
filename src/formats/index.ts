// The formats bgaudit reads: the one place that names them. A format is added by adding its name
// to FORMATS (core/model.ts) and its module here; the compiler then lists what the module must
// supply (format.ts) and every place that must handle it.
import { FORMATS, type Format } from '../core/model.js';
import type { MatchFormat } from './format.js';
import { MAT } from './mat.js';
import { SGF } from './sgf.js';

export type { MatchFormat } from './format.js';

/** A format's module from its name. A switch, not a table made at load: the modules import code that imports this one. */
export function formatOf(name: Format): MatchFormat & { name: Format } {
  switch (name) {
    case 'mat':
      return MAT;
    case 'sgf':
      return SGF;
    default:
      throw new Error(`internal error: no module for the format ${String(name satisfies never)}`);
  }
}

/** The format of a text that no other format claims: its reader is the most lenient, and says why a text is not a match. */
const LAST_RESORT: Format = 'mat';

/** The format a text is in, from its start: the first format that claims it, the last resort's last. */
export function detectFormat(text: string): Format {
  const head = text.slice(0, 4096);
  for (const name of FORMATS) if (name !== LAST_RESORT && formatOf(name).detects(head)) return name;
  return LAST_RESORT;
}
