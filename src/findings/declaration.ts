// What one finding code's file under src/findings/ declares: everything bgaudit says about the
// code apart from the messages its check writes. This module imports nothing, so that the
// declarations (and src/core/findings.ts, which assembles them) stay free of import cycles.

/** How much a finding matters. */
export type Severity = 'error' | 'warning' | 'info';

export interface FindingDeclaration {
  /** The code as reports print it: part of the interface, added and never renamed. */
  code: string;
  /** The severities a finding with this code may have, the usual one first. */
  severities: readonly Severity[];
  /**
   * The moment of its game a finding is about, whose position it carries: before the action at
   * its line and column, the game's start, or its end (the final position); null: none (a file's,
   * a match's). `action` falls back to none when the finding is not on an action (a reader's
   * number-out-of-range on a result line).
   */
  moment: 'action' | 'start' | 'end' | null;
  /** What the code means, in one line: `bgaudit rules`, the HTML report and docs/rules.md show it. */
  meaning: string;
  /** Why a director, an archivist or an analyst should care: the code's page says it. */
  why: string;
  /**
   * A file under fixtures/ whose audit shows the code, or null where no single record can. The
   * page's example is taken from that file by `npm run docs`, never written by hand.
   */
  example: string | null;
  /**
   * What `bgaudit fix` corrects, in one sentence, for a code whose check gives a finding its fix
   * where the record and the rules make the correction certain; absent: never fixed.
   */
  fix?: string;
}
