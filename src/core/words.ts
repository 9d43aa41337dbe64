// Counting words in messages and reports.
import { grouped } from '../../grammars/numbers.js';

/** `1 point`, `4 points`. */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}

/** Names up to this many characters are quoted whole in messages. */
const NAME_QUOTED_WHOLE = 100;

/**
 * A player's name as messages quote it: whole, or its start and its length when longer. A
 * message quotes a name once per finding, and a record may hold a name of a megabyte and a
 * finding per roll: whole, a small file's report could grow past what a string can hold.
 */
export function quotedName(name: string): string {
  if (name.length <= NAME_QUOTED_WHOLE) return name;
  const cut = name.charCodeAt(63) >= 0xd800 && name.charCodeAt(63) < 0xdc00 ? 63 : 64; // not between a surrogate pair
  return `${name.slice(0, cut)}… (${grouped(name.length)} characters)`;
}

/**
 * The English article before a whole number, by how the number is spoken: `an` when it starts
 * with a vowel sound (8, 11, 18, 80-89, 800-899, 8,000…, 11,000…, 18,000…), else `a`. The number
 * is read as it is said, by groups of three digits from the left ("eleven thousand", not
 * "one thousand one hundred"); a negative number is "minus …".
 */
export function aOrAn(n: number): 'a' | 'an' {
  if (!Number.isFinite(n) || n < 0) return 'a';
  const digits = BigInt(Math.trunc(n)).toString();
  const lead = digits.slice(0, digits.length % 3 || 3);
  if (lead.length === 3) return lead[0] === '8' ? 'an' : 'a';
  if (lead.length === 2) return lead === '11' || lead === '18' || lead[0] === '8' ? 'an' : 'a';
  return lead === '8' ? 'an' : 'a';
}

/** A player's name as names are compared: Unicode NFKC, case-folded, spaces trimmed and runs of white space made one. */
export function nameKey(name: string): string {
  return name.normalize('NFKC').toLowerCase().trim().replace(/\s+/g, ' ');
}
