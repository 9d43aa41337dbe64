// What page/script.js names that its type check cannot see in it: the values html-script.ts
// writes in, and the shapes of what the script keeps. Read by the check only (tsconfig.json here).

/** Rows shown at a time: html-script.ts writes its PAGE in place of this name. */
declare const __PAGE__: number;

type Piece = import('../html-evidence.js').Piece;
type Evidence = import('../html-evidence.js').Evidence;
type FileEvidence = import('../html-evidence.js').FileEvidence;

/** A finding's row: in the document only while shown. */
interface Row {
  el: HTMLTableRowElement;
  /** Its file's index in the script's `files`. */
  k: number;
  /** Its index in its file's evidence. */
  i: number;
  /** Its file's name in lower case, for the file filter. */
  file: string;
  /** Its sort key by column, read the first time the table is sorted by that column. */
  keys: string[];
  /** The row of its evidence while it is open. */
  open: HTMLTableRowElement | null;
}

/** A file's evidence and boards: their scripts, parsed the first time one of its findings opens. */
interface PageFile {
  ev: Element | null;
  bd: Element | null;
  data: FileEvidence | null;
  svgs: string[] | null;
}
