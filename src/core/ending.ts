// How a game ended, as one union from the replay to the reports. Each stage (the replay, the
// score, the verdict) says what it knows of every ending in a table of payloads, and `Ending`
// makes the stage's union from it: an ending added to `EndingKey` is missing from every table
// until the stage says what it carries (or `never`, an ending the stage cannot meet), and every
// switch on `termination` that ends in `unhandled` fails to compile until it handles it.

/** How a game can end; the record's own words for it (`termination` in the reports). */
export type Termination = 'bearoff' | 'drop' | 'resign' | 'forfeit' | 'unfinished';

/** Every ending: the terminations, and `stopped`, a replay that stopped before the end (`termination` null). */
type EndingKey = Termination | 'stopped';

/** What a stage knows of each ending: one payload per key; `never` for an ending the stage never meets. */
type EndingPayloads = Record<EndingKey, object>;

/** How a game ended at one stage: one variant per ending, keyed by `termination`, each with the stage's payload. */
export type Ending<P extends EndingPayloads> = {
  [K in EndingKey]: { termination: K extends 'stopped' ? null : K } & P[K];
}[EndingKey];

/** The end of a switch on `termination` that handles every ending: reached only by a bug in bgaudit. */
export function unhandled(end: never): never {
  throw new Error(`internal error: an ending no case handles: ${JSON.stringify(end)}`);
}
