// How the text report is written: linter-style blocks or one line a finding (concise), and
// whether with colour. Colour is made of SGR sequences wrapped around bgaudit's own words and
// around text already passed through printable(): a file's bytes never reach the terminal raw,
// and a span is closed where it ends, so nothing from one colours the next.
import type { Severity } from '../core/model.js';

export interface TextStyle {
  /** `path:line:col: severity code message`, one line a finding (ruff's concise, eslint's unix). */
  concise?: boolean;
  /** ANSI colour: the severity, the code, the path. */
  color?: boolean;
}

const RESET = '\x1b[0m';
const SGR = { bold: '\x1b[1m', dim: '\x1b[2m', red: '\x1b[31m', yellow: '\x1b[33m', blue: '\x1b[34m' } as const;
const SEVERITY: Record<Severity, keyof typeof SGR> = { error: 'red', warning: 'yellow', info: 'blue' };

/** The painter of a style: `paint(kind, s)` is `s` in colour when the style has colour, else `s` as it is. */
export function painter(style: TextStyle | undefined): (kind: keyof typeof SGR, s: string) => string {
  return style?.color === true ? (kind, s) => (s === '' ? s : `${SGR[kind]}${s}${RESET}`) : (_, s) => s;
}

/** A severity's word in its colour. */
export function severityColor(severity: Severity): keyof typeof SGR {
  return SEVERITY[severity];
}
