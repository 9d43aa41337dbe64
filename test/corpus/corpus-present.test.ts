// The corpus tests read ../shared/corpus and are skipped without it. Skipped tests pass without a
// word, so its absence is said here, loudly, and fails the run when BGAUDIT_REQUIRE_CORPUS is set.
import { describe, expect, it } from 'vitest';
import { CORPUS, HAVE_CORPUS } from '../helpers.js';

describe('the shared corpus', () => {
  it(`is at ${CORPUS}`, () => {
    if (!HAVE_CORPUS) {
      const say = `the shared corpus is MISSING at ${CORPUS}: every corpus test (the .mat and SGF corpora, GNU Backgammon as the oracle, the fuzz runs) was skipped`;
      console.warn(`\n*** ${say} ***\n`);
      if (process.env.BGAUDIT_REQUIRE_CORPUS) expect.fail(say);
    }
  });
});
