// The main thread's side of the dice audit: each file's counts added up per group, in input
// order, then the tests of every group and the run's Bonferroni threshold. Pure.
import { type FileDice, type GroupBy } from './count.js';
import { type DiceCounts, addCounts, newCounts, rollsOf } from './dice.js';
import { type DiceTest, diceTests } from './tests.js';

/** The family-wise level the run's tests are held to, split over them (Bonferroni). */
const RUN_ALPHA = 0.05;

/** The whole run's group. */
const ALL = 'all';

export interface GroupResult {
  key: string;
  /** Rolls tested (each game's opening aside). */
  rolls: number;
  openings: number;
  tests: DiceTest[];
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
  /** Tests made in the run (with a p-value), and the threshold each p is held to: RUN_ALPHA / tests. */
  testsMade: number;
  threshold: number;
  /** Tests whose p is below the threshold. */
  rejected: number;
}

export class DiceTally {
  private readonly all = newCounts();
  private readonly groups = new Map<string, DiceCounts>();
  private files = 0;
  private matches = 0;
  private games = 0;
  private readonly unreadable: UnreadableFile[] = [];

  constructor(private readonly by: GroupBy) {}

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
    const groups = [{ key: ALL, counts: this.all }, ...keyed.map(([key, counts]) => ({ key, counts }))].map(
      ({ key, counts }) => ({
        key,
        rolls: rollsOf(counts),
        openings: counts.opening.reduce((s, x) => s + x, 0),
        tests: diceTests(counts),
      }),
    );
    const ps = groups.flatMap((g) => g.tests.map((t) => t.p)).filter((p): p is number => p !== null);
    const threshold = ps.length > 0 ? RUN_ALPHA / ps.length : RUN_ALPHA;
    return {
      by: this.by,
      files: this.files,
      matches: this.matches,
      games: this.games,
      unreadable: this.unreadable,
      groups,
      testsMade: ps.length,
      threshold,
      rejected: ps.filter((p) => p < threshold).length,
    };
  }
}
