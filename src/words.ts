// Counting words in messages and reports.
import { grouped } from '../grammars/numbers.js';

/** `1 point`, `4 points`. */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Names up to this many characters are quoted whole in messages. */
const NAME_QUOTED_WHOLE = 100;

/**
 * A player's name as messages quote it: whole, or its start and its length when longer. A
 * message quotes a name once per finding, and a record may hold a name of a megabyte and a
 * finding per roll: whole, they made a 360 KB file's report more than a string can hold.
 */
export function quotedName(name: string): string {
  if (name.length <= NAME_QUOTED_WHOLE) return name;
  const cut = name.charCodeAt(63) >= 0xd800 && name.charCodeAt(63) < 0xdc00 ? 63 : 64; // not between a surrogate pair
  return `${name.slice(0, cut)}… (${grouped(name.length)} characters)`;
}
