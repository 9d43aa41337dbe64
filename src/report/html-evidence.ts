// What a finding of the HTML report opens to, as one file's <script data-evidence> holds it:
// written by the worker (html-file.ts), read by the page's script (page/script.js), which is
// type-checked against these types.

/** A cut piece of a line: its text, the 0-based offset it starts at, the line's whole length. */
export type Piece = string | [string, number, number];

export interface Evidence {
  l?: number;
  c?: number;
  /** The finding's own line when it is long and the column is past the first piece. */
  w?: Piece;
  /** Index of its board in the file's boards; -1: it has a position, the board was not drawn (cap). */
  b?: number;
  pos?: { id: string; mid: string | null; xgid: string | null; dice: [number, number] | null; rec: string };
  lp?: string;
  /** The finding's fix (`bgaudit fix`), in words. */
  fx?: string;
  rv?: string;
  ev?: string;
}

/** One file's evidence: the lines its findings show, by number, and each finding's evidence in row order. */
export interface FileEvidence {
  lines: Record<number, Piece>;
  f: Evidence[];
}
