// The corpus tests read the repository's own corpus; were a folder of it missing or emptied, the
// tests that iterate it would pass over nothing. This fails instead.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS } from '../helpers.js';

describe('the corpus', () => {
  it.each([
    ['mat', '.mat', 1300],
    ['sgf', '.sgf', 10],
    ['gnubg-generated', '.sgf', 20],
    ['gnubg-generated', '.mat', 20],
    [join('gnubg-generated', 'extras'), '.sgf', 8],
  ])('%s holds its %s files', (folder, ext, least) => {
    const count = readdirSync(join(CORPUS, folder)).filter((f) => f.endsWith(ext)).length;
    expect(count).toBeGreaterThanOrEqual(least);
  });
});
