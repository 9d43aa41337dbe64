// The alias list (`--aliases FILE`, CSV `alias,name`) that `verify --results` and `players` share.
import Papa from 'papaparse';
import { AliasConflict, Aliases } from '../standings/names.js';
import { readInputText, UnreadableInput } from '../batch/read-input.js';
import { UNCLOSED } from './sheet.js';

/** Larger than any list of names a person keeps; a file past it is not an alias list. */
const ALIASES_LIMIT = 16 * 1024 * 1024;

/** Why an alias list cannot be used: the caller makes it a usage error. */
export class AliasesError extends Error {}

/** `alias,name` rows (a header row `alias,name` is allowed) → the aliases. */
export function parseAliases(text: string, path: string): Aliases {
  const { data, errors } = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  const unclosed = errors.find((e) => e.code === 'MissingQuotes');
  if (unclosed !== undefined) throw new AliasesError(`--aliases ${path}: row ${(unclosed.row ?? 0) + 1}: ${UNCLOSED}`);
  const pairs: [string, string, number][] = [];
  data.forEach((row, i) => {
    if (i === 0 && row[0]?.trim().toLowerCase() === 'alias' && row[1]?.trim().toLowerCase() === 'name') return;
    const [alias, name] = row;
    if (row.length !== 2 || !alias?.trim() || !name?.trim())
      throw new AliasesError(`--aliases ${path}: row ${i + 1} is not "alias,name"`);
    pairs.push([alias, name, i + 1]);
  });
  try {
    return new Aliases(pairs);
  } catch (e) {
    if (e instanceof AliasConflict) throw new AliasesError(`--aliases ${path}: ${e.message}`);
    throw e;
  }
}

/** The alias list at `path`, read as any input is (a regular file under a limit). */
export function readAliases(path: string): Aliases {
  let text: string;
  try {
    text = readInputText(path, ALIASES_LIMIT);
  } catch (e) {
    if (e instanceof UnreadableInput) throw new AliasesError(`--aliases ${path}: cannot be read (${e.message})`);
    throw e;
  }
  return parseAliases(text, path);
}
