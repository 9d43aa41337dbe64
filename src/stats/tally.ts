// The main thread's side of the dice audit: each file's counts added up per group, in input
// order, then the tests of every group, held together by Holm's step-down over the tests that can
// reach its threshold (correction.ts). Pure.
import { type FileDice, type GroupBy } from './count.js';
import { holmTarone } from './correction.js';
import { type DiceCounts, addCounts, newCounts, rollsOf } from './dice.js';
import { type DiceTest, RUN_ALPHA, diceTests, pipsSums } from './tests.js';
import type { PmfSums } from './pvalue.js';
import { itemAt } from '../core/at.js';

/** A test as the run judged it. */
export interface JudgedTest extends DiceTest {
  /** Rejected after the run's correction: fair dice are an unlikely reading. */
  rejected: boolean;
  /** Its smallest possible p reaches the run's threshold: it is one of the tests the threshold is split over. */
  counted: boolean;
}

/** The whole run's group. */
const ALL = 'all';

export interface GroupResult {
  key: string;
  /** Rolls tested (each game's opening aside). */
  rolls: number;
  openings: number;
  tests: JudgedTest[];
}

/** A file that could not be read, and why (its first error finding). */
export interface UnreadableFile {
  file: string;
  code: string;
  message: string;
}

export interface DiceResult {
  by: GroupBy;
  files: number;
  matches: number;
  games: number;
  unreadable: UnreadableFile[];
  /** The whole run first, then each group (by file: in input order; else by key). */
  groups: GroupResult[];
  /** The level the run's tests are held to together: the chance that fair dice see any test rejected. */
  alpha: number;
  /** Tests made in the run (with a p-value). */
  testsMade: number;
  /** Of them, those whose smallest possible p reaches the threshold: what alpha is split over. */
  testsCounted: number;
  /** The strictest threshold, alpha / testsCounted (Holm's first step; later steps are looser). */
  threshold: number;
  /** Tests rejected after the correction. */
  rejected: number;
  /** Groups with a test rejected. */
  groupsRejected: number;
  /** Matches left out as repeating an earlier one of the run (set by the command). */
  duplicatesLeftOut: number;
}

export class DiceTally {
  private readonly all = newCounts();
  private readonly groups = new Map<string, DiceCounts>();
  private files = 0;
  private matches = 0;
  private games = 0;
  private readonly unreadable: UnreadableFile[] = [];

  /**
   * `sums`: the pips sums the exact pips test reads, made as needed and kept for every group (a
   * caller that makes many tallies may give them one).
   */
  constructor(
    private readonly by: GroupBy,
    private readonly sums: PmfSums = pipsSums(),
  ) {}

  /** One file's counts, in input order. */
  add(file: FileDice): void {
    this.files++;
    this.matches += file.matches;
    this.games += file.games;
    for (const g of file.groups) {
      addCounts(this.all, g.counts);
      if (this.by === 'archive') continue;
      const into = this.groups.get(g.key);
      if (into) addCounts(into, g.counts);
      else {
        const c = newCounts();
        addCounts(c, g.counts);
        this.groups.set(g.key, c);
      }
    }
  }

  /** A file that could not be read: counted and named. */
  addUnreadable(u: UnreadableFile): void {
    this.files++;
    this.unreadable.push(u);
  }

  result(): DiceResult {
    const keyed = [...this.groups];
    // code-unit order: the same on every machine
    if (this.by !== 'file') keyed.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const made = [{ key: ALL, counts: this.all }, ...keyed.map(([key, counts]) => ({ key, counts }))].map(
      ({ key, counts }) => ({
        key,
        rolls: rollsOf(counts),
        openings: counts.opening.reduce((s, x) => s + x, 0),
        tests: diceTests(counts, this.sums),
      }),
    );
    const all = made.flatMap((g) => g.tests);
    const c = holmTarone(all, RUN_ALPHA);
    let i = 0;
    const groups: GroupResult[] = made.map((g) => ({
      ...g,
      tests: g.tests.map((t) => ({
        ...t,
        rejected: itemAt(c.rejected, i++),
        counted: t.p !== null && t.minP <= c.threshold,
      })),
    }));
    return {
      by: this.by,
      files: this.files,
      matches: this.matches,
      games: this.games,
      unreadable: this.unreadable,
      groups,
      alpha: RUN_ALPHA,
      testsMade: c.made,
      testsCounted: c.counted,
      threshold: c.threshold,
      rejected: c.rejected.filter(Boolean).length,
      groupsRejected: groups.slice(1).filter((g) => g.tests.some((t) => t.rejected)).length,
      duplicatesLeftOut: 0,
    };
  }
}
