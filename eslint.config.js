// ESLint: typescript-eslint's recommended rules, and set to error the ones that catch what
// issue 14 found by reading (non-null assertions, long functions). Unused exports: knip
// (knip.json), run beside it by `npm run lint`. Formatting is Prettier's job, not ESLint's.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'bench/out/', 'fixtures/', 'corpus/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
  {
    // A test file's describe block holds its table and cases: long by nature. A test reads
    // what it just made (a `!` that fails fails the test), and writes control characters on purpose.
    files: ['test/**/*.ts'],
    rules: {
      'max-lines-per-function': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-control-regex': 'off',
    },
  },
);
