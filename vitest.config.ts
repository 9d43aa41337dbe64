import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    // Hooks that run the CLI over the fixtures or start Chromium take as long as a test on a busy machine.
    hookTimeout: 60_000,
  },
});
