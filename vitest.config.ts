import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The files that take longest, longest first (bench/README.md, "The test suite's time"). Started
 * first, they leave the many short files to keep both workers busy until the end; a long file
 * started last would leave the other worker idle while it runs. The rest follow in vitest's order.
 */
const SLOWEST = [
  'test/bounds.test.ts',
  'test/batch/spool-run.test.ts',
  'test/batch/duplicates-once.test.ts',
  'test/browser/html-report.test.ts',
  'test/batch/stream-differential.test.ts',
  'test/fuzz/robustness.test.ts',
  'test/batch/hostile.test.ts',
  'test/read/pieces.test.ts',
  'test/batch/outcome.test.ts',
  'test/cli-main.test.ts',
  'test/commands/players.test.ts',
  'test/grammars/adversarial.test.ts',
  'test/commands/selection.test.ts',
  'test/report/concise-color.test.ts',
  'test/batch/trust.test.ts',
];

class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const k = SLOWEST.findIndex((name) => f.moduleId.endsWith(name));
      return k < 0 ? SLOWEST.length : k;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    // Hooks that run the CLI over the fixtures or start Chromium take as long as a test on a busy machine.
    hookTimeout: 60_000,
    // A test file per core: vitest's default keeps a core free of test files, which on 2 cores
    // runs them one at a time.
    maxWorkers: '100%',
    sequence: { sequencer: SlowestFirst },
    // Fails the run if a test leaves anything in the temporary folder (and removes it).
    globalSetup: ['test/temp-guard.ts'],
  },
});
