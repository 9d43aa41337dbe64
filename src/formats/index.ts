// The formats bgaudit reads: the one place that names them. A format is added by adding its name
// to FORMATS (core/model.ts) and its module here; the compiler then lists what the module must
// supply (format.ts) and every place that must handle it.
import { FORMATS, type Format } from '../core/model.js';
import type { BinaryFormat, MatchFormat, TextFormat } from './format.js';
import { MAT } from './mat.js';
import { SGF } from './sgf.js';
import { XG } from './xg.js';

export type { BinaryFormat, MatchFormat, TextFormat } from './format.js';

/** A format's module from its name. A switch, not a table made at load: the modules import code that imports this one. */
export function formatOf(name: Format): MatchFormat & { name: Format } {
  switch (name) {
    case 'mat':
      return MAT;
    case 'sgf':
      return SGF;
    case 'xg':
      return XG;
    default:
      throw new Error(`internal error: no module for the format ${String(name satisfies never)}`);
  }
}

/** The text format a name stands for (a binary format's name is an internal error here). */
export function textFormatOf(name: Format): TextFormat & { name: Format } {
  const format = formatOf(name);
  if (format.kind !== 'text') throw new Error(`internal error: ${name} is not a text format`);
  return format;
}

/** The binary format that claims bytes from their start, or null: then the bytes are decoded as text. */
export function binaryFormatOf(head: Uint8Array): (BinaryFormat & { name: Format }) | null {
  for (const name of FORMATS) {
    const format = formatOf(name);
    if (format.kind === 'binary' && format.detectsBytes(head)) return format;
  }
  return null;
}

/** What a file's name tells the readers of every format (`BinaryFormat.nameTells`), one word each. */
export function whatNameTells(file: string): string {
  return FORMATS.map((name) => {
    const format = formatOf(name);
    return format.kind === 'binary' ? (format.nameTells?.(file) ?? '') : '';
  }).join('\0');
}

/**
 * What the places of a report in format `name` count: its format's lines or records; lines for
 * a name that is no format (a results sheet, a file of no format, a CSV cell of either).
 */
export function placeUnitOf(name: string | null): 'line' | 'record' {
  const format = FORMATS.find((f) => f === name);
  return format === undefined ? 'line' : formatOf(format).placeUnit;
}

/** The file name endings a folder's walk takes as match files without looking inside: every format's. */
export const MATCH_EXTENSIONS: ReadonlySet<string> = new Set(FORMATS.flatMap((name) => formatOf(name).extensions));

/** The format of a text that no other format claims: its reader is the most lenient, and says why a text is not a match. */
const LAST_RESORT: Format = 'mat';

/** The format a text is in, from its start: the first format that claims it, the last resort's last. */
export function detectFormat(text: string): Format {
  const head = text.slice(0, 4096);
  for (const name of FORMATS) {
    const format = formatOf(name);
    if (name !== LAST_RESORT && format.kind === 'text' && format.detects(head)) return name;
  }
  return LAST_RESORT;
}
