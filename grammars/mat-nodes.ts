// The syntax tree of a .mat file: what grammars/mat.ts makes. Plain data; every node knows its
// line, and a line that could not be read says where and what was expected.
import type { MoveToken, RollMarker } from '../src/core/model.js';
import type { Unlisted } from './primitives.js';

/** A number as the record writes it: its value, or its digits quoted when too long to hold exactly (numbers.ts). */
export type Count = number | string;

export interface CommentNode {
  type: 'comment';
  offset: number;
  line: number;
  text: string;
  /** `; [Key "Value"]` */
  header: { key: string; value: string } | null;
}

export interface BadLineNode {
  type: 'bad';
  offset: number;
  line: number;
  /** Offset of the first character that could not be read. */
  errorOffset: number;
  column: number;
  expected: string;
  found: string;
  /**
   * A move line whose cells are read one by one: the cell that could not be read starts at
   * `cellColumn` (from 0, as cells' columns count), and `cells` are the line's cells that could,
   * before and after it.
   */
  cells?: Cell[];
  cellColumn?: number;
}

export type Cell =
  | { type: 'roll'; column: number; dice: readonly [number, number]; moves: MoveToken[]; marker: RollMarker | null }
  | { type: 'cube'; column: number; kind: 'double' | 'beaver' | 'raccoon'; value: Count }
  | { type: 'take'; column: number }
  | { type: 'drop'; column: number }
  | { type: 'wins'; column: number; points: Count; andMatch: boolean }
  | { type: 'losses'; column: number; points: Count }
  /** GammonView's word for a resignation (`Resigns`, also `Resign`, `Resigned`): its value is the other side's `Wins N points`. */
  | { type: 'resigns'; column: number }
  /** A move number inside a line (a galaxy glitch: `24) 43: 21/18 18/14   24)  Losses 2 point`). */
  | { type: 'number'; column: number; value: number | null };

export interface MoveLineNode {
  type: 'moves';
  offset: number;
  line: number;
  /** null: none, or too long to hold (move numbers are labels nothing checks). */
  number: number | null;
  cells: Cell[];
}

export interface ScoreNode {
  type: 'score';
  offset: number;
  line: number;
  names: [string, string];
  scores: [Count, Count];
  /** GridGammon appends the rating: `name,1650` (null also when too long to hold; never audited). */
  ratings: [number | null, number | null];
}

export type BodyNode = MoveLineNode | CommentNode | BadLineNode;

export interface GameNode {
  number: Count;
  offset: number;
  line: number;
  score: ScoreNode | BadLineNode | null;
  body: BodyNode[];
}

export interface MatchNode {
  /** Comment lines (headers among them) and unreadable lines before the match-length line. */
  preamble: (CommentNode | BadLineNode)[];
  length: Count;
  offset: number;
  line: number;
  /** Unreadable lines (and comments among them) between the match-length line and the first `Game N`. */
  stray: (CommentNode | BadLineNode)[];
  games: GameNode[];
}

export interface MatSyntax {
  matches: MatchNode[];
  /** Lines that belong to no match: a file without a match-length line ends up here whole. */
  leftover: (CommentNode | BadLineNode)[];
  lineCount: number;
  /** Unreadable lines counted, not kept (past the first MAX_LISTED_ERRORS of the file, primitives.ts). */
  unlisted: Unlisted | null;
}
