// Player names as people write them: one person under several spellings is one player.

import { nameKey } from '../core/words.js';

/** An alias list that cannot be applied as one: an alias given two names, or names that map to each other in a circle. */
export class AliasConflict extends Error {}

/** An alias's name as its row gives it. */
interface Mapped {
  name: string;
  row: number;
}

/**
 * Other names (a site login, a nickname) mapped to the name a player is listed under. A chain is
 * followed to its end (A→B and B→C put A under C); an alias given two different names, or a
 * circle of names (A→B, B→A), is an AliasConflict naming the rows, never one row silently winning.
 */
export class Aliases {
  private readonly byKey = new Map<string, string>();
  /** Names as written, resolved once each: an archive names each player in many matches. */
  private readonly resolved = new Map<string, { key: string; shown: string }>();

  /** `row`: the pair's row in the list, for messages (else its place among the pairs, from 1). */
  constructor(pairs: Iterable<readonly [alias: string, name: string, row?: number]> = []) {
    const direct = new Map<string, Mapped>();
    let k = 0;
    for (const [alias, name, row = k + 1] of pairs) {
      k++;
      const key = nameKey(alias);
      const mapped = { name: name.trim(), row };
      const before = direct.get(key);
      if (before !== undefined && nameKey(before.name) !== nameKey(mapped.name))
        throw new AliasConflict(
          `rows ${before.row} and ${row} give "${alias.trim()}" two names, "${before.name}" and "${mapped.name}": an alias is one player`,
        );
      if (before === undefined) direct.set(key, mapped);
    }
    for (const key of direct.keys()) this.byKey.set(key, chainEnd(key, direct, this.byKey));
  }

  /** The key and the name shown for a name as written. */
  resolve(name: string): { key: string; shown: string } {
    const known = this.resolved.get(name);
    if (known !== undefined) return known;
    const listed = this.byKey.get(nameKey(name));
    const shown = listed ?? name.trim().replace(/\s+/g, ' ');
    const found = { key: nameKey(shown), shown };
    this.resolved.set(name, found);
    return found;
  }
}

/**
 * The name at the end of the chain from alias `start`: each alias's name followed while it is an
 * alias too. Each alias is walked once over all calls (`ends` holds the ends found), so a list of
 * any length costs its length.
 */
function chainEnd(start: string, direct: ReadonlyMap<string, Mapped>, ends: Map<string, string>): string {
  const path: string[] = [];
  const onPath = new Set<string>();
  let key = start;
  let name = '';
  for (;;) {
    const known = ends.get(key);
    if (known !== undefined) {
      name = known;
      break;
    }
    const mapped = direct.get(key);
    if (mapped === undefined) break; // not an alias: `name`, the last one's name, is where the chain ends
    if (onPath.has(key)) {
      const rows = path.slice(path.indexOf(key)).map((k) => direct.get(k)?.row);
      throw new AliasConflict(`rows ${rows.join(', ')} map names to each other in a circle: no name is the player's`);
    }
    onPath.add(key);
    path.push(key);
    name = mapped.name;
    const next = nameKey(mapped.name);
    // A name given as its own alias (another spelling of it) ends the chain: the spelling shown.
    if (next === key) break;
    key = next;
  }
  for (const k of path) ends.set(k, name);
  return name;
}
