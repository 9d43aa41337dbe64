// `bgaudit dice`'s reading of a file in a worker: its matches' dice, from the results cache or
// counted now and kept there.
import { workerCache } from '../cache/results.js';
import type { KeyBuffer } from '../scoring/match-key.js';
import { readDice, type ReadDice } from '../stats/count.js';
import { fromSparse, toSparse, type SparseCounts } from '../stats/dice.js';
import type { RunOptions } from './outcome.js';

/**
 * A file's dice as `readDice` counts them, from the results cache when its bytes and the run's
 * settings are those of one kept, else counted now and kept; null when no match can be read from
 * it. `keys`: the buffer its content keys are made in (with the duplicate check).
 */
export function countedDice(
  bytes: Uint8Array,
  file: string,
  options: RunOptions,
  keys: KeyBuffer | undefined,
): ReadDice | null {
  const cache = workerCache(options.cache);
  const key = cache === null ? null : cache.keyOf(bytes, file, 'dice');
  const cached = cache === null || key === null ? null : (cache.readValue(key) as KeptDice | null);
  if (cached !== null) return cached.matches.length === 0 ? null : fromKept(cached);
  const read = readDice(bytes, file, {
    by: options.dice ?? 'archive',
    limit: options.maxFileSize,
    // Content keys when the run looks for duplicates (the cache is salted with it).
    keys: options.audit.contentKey === true ? { rules: options.audit.rules, buffer: keys } : undefined,
  });
  if (cache !== null && key !== null)
    cache.entry(key, file)?.storeValue(read === null ? { matches: [] } : toKept(read));
  return read;
}

/** A file's dice as the cache keeps them: each group's counts sparse (most of a match's are 0). */
interface KeptDice {
  matches: { games: number; groups: { key: string; counts: SparseCounts }[] }[];
  keys?: ReadDice['keys'];
}

function toKept(read: ReadDice): KeptDice {
  const matches = read.matches.map((m) => ({
    games: m.games,
    groups: m.groups.map((g) => ({ key: g.key, counts: toSparse(g.counts) })),
  }));
  return read.keys === undefined ? { matches } : { matches, keys: read.keys };
}

function fromKept(kept: KeptDice): ReadDice {
  const matches = kept.matches.map((m) => ({
    games: m.games,
    groups: m.groups.map((g) => ({ key: g.key, counts: fromSparse(g.counts) })),
  }));
  return kept.keys === undefined ? { matches } : { matches, keys: kept.keys };
}
