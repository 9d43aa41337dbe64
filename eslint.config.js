// ESLint: typescript-eslint's recommended rules, type-checked where the code is (src, grammars,
// scripts, bench: the types catch unsafe any, floating promises, methods passed without their
// object), and as errors what reading the code found (non-null assertions, long functions).
// Unused exports: knip (knip.json), run beside it by `npm test`'s checks. Formatting is
// Prettier's job, not ESLint's.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'bench/out/', 'fixtures/', 'corpus/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked.map((c) => ({
    ...c,
    files: ['src/**/*.ts', 'grammars/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts'],
  })),
  {
    files: ['src/**/*.ts', 'grammars/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  },
  {
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
  {
    // The HTML report's page script, a classic browser script. Its type check
    // (src/report/page/tsconfig.json) knows the browser's names, which ESLint does not; its one
    // handler is the whole script, its locals the page's state.
    files: ['src/report/page/script.js'],
    languageOptions: { sourceType: 'script' },
    rules: { 'no-undef': 'off', 'max-lines-per-function': 'off' },
  },
  {
    // CommonJS by necessity (a worker file piscina require()s).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
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
