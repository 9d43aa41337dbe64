// The main thread's side of the dice audit: each file's counts added up per group, in input
// order, then the tests of every group, held together by Holm's step-down over the tests that can
// reach its threshold (correction.ts). Two families: the whole run's tests, held together alone,
// so that their verdicts are the same whatever `--by` asks; and the groups' tests, together. Pure.
import { type FileDice, type GroupBy } from './count.js';
import { type Correction, holmTarone } from './correction.js';
import { type DiceCounts, addCounts, newCounts, rollsOf } from './dice.js';
import { type DiceTest, RUN_ALPHA, diceTests, pipsSums } from './tests.js';
import type { PmfSums } from './pvalue.js';
import { itemAt } from '../core/at.js';

/** A test as the run judged it. */
export interface JudgedTest extends DiceTest {
  /** Rejected after its family's correction: fair dice are an unlikely reading. */
  rejected: boolean;
  /** Its smallest possible p reaches its family's threshold: it is one of the tests the threshold is split over. */
  counted: boolean;
}

/** A family of tests held together by the correction: how many, how many counted, the first threshold. */
export interface TestFamily {
  made: number;
  counted: number;
  threshold: number;
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
  /** The level each family of tests is held to together: the chance that fair dice see any of its tests rejected. */
  alpha: number;
  /** The whole run's tests made (with a p-value). */
  testsMade: number;
  /** Of them, those whose smallest possible p reaches the threshold: what alpha is split over. */
  testsCounted: number;
  /** The strictest threshold, alpha / testsCounted (Holm's first step; later steps are looser). */
  threshold: number;
  /** The groups' tests, a family of their own (null when there are no groups: `--by archive`). */
  groupTests: TestFamily | null;
  /** Tests rejected after the correction, in both families. */
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
    const [whole, ...rest] = made;
    const run = holmTarone(whole?.tests ?? [], RUN_ALPHA);
    const apart =
      this.by === 'archive'
        ? null
        : holmTarone(
            rest.flatMap((g) => g.tests),
            RUN_ALPHA,
          );
    const judged = (g: (typeof made)[number], c: Correction, from: number): GroupResult => ({
      ...g,
      tests: g.tests.map((t, k) => ({
        ...t,
        rejected: itemAt(c.rejected, from + k),
        counted: t.p !== null && t.minP <= c.threshold,
      })),
    });
    let from = 0;
    const groups: GroupResult[] = made.map((g, k) => {
      if (k === 0 || apart === null) return judged(g, run, 0);
      from += k === 1 ? 0 : itemAt(made, k - 1).tests.length;
      return judged(g, apart, from);
    });
    return {
      by: this.by,
      files: this.files,
      matches: this.matches,
      games: this.games,
      unreadable: this.unreadable,
      groups,
      alpha: RUN_ALPHA,
      testsMade: run.made,
      testsCounted: run.counted,
      threshold: run.threshold,
      groupTests: apart === null ? null : { made: apart.made, counted: apart.counted, threshold: apart.threshold },
      rejected: [...run.rejected, ...(apart?.rejected ?? [])].filter(Boolean).length,
      groupsRejected: groups.slice(1).filter((g) => g.tests.some((t) => t.rejected)).length,
      duplicatesLeftOut: 0,
    };
  }
}
