// Property tests: whatever is done to a real match file, reading and auditing it never throws,
// every input gets a report, and a parse error names a line inside the file.
// `npm test` runs a few thousand cases; `npm run fuzz` (FUZZ_RUNS=100000) the long run.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditFile } from '../../src/read/file.js';
import { decode } from '../../src/read/decode.js';
import { CORPUS } from '../helpers.js';
import { apply, mutation } from './mutate.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 2500);

/** Seed files: every writer and format the corpus has, small and large. */
function seeds(): { name: string; bytes: Uint8Array }[] {
  const pick = (folder: string, ext: string, every: number) =>
    readdirSync(join(CORPUS, folder))
      .filter((f) => f.endsWith(ext))
      .sort()
      .filter((_, k) => k % every === 0)
      .map((f) => ({ name: `${folder}/${f}`, bytes: readFileSync(join(CORPUS, folder, f)) }));
  return [
    ...pick('mat', '.mat', 50),
    ...pick('gnubg-generated', '.mat', 4),
    ...pick('gnubg-generated', '.sgf', 4),
    ...pick('sgf', '.sgf', 3),
  ];
}

function linesIn(bytes: Uint8Array): number {
  const d = decode(bytes);
  if (!d.ok) return 1;
  let n = 1;
  for (let i = d.text.indexOf('\n'); i >= 0; i = d.text.indexOf('\n', i + 1)) n++;
  return n;
}

describe('robustness under mutation', () => {
  const files = seeds();

  it(
    `${RUNS} mutated files: no throw, at least one report, parse errors inside the file`,
    () => {
      expect(files.length).toBeGreaterThan(20);
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: files.length - 1 }),
          fc.array(mutation, { minLength: 1, maxLength: 4 }),
          (k, mutations) => {
            const bytes = mutations.reduce((b, m) => apply(b, m), files[k].bytes);
            const reports = auditFile(bytes, files[k].name);
            if (reports.length === 0) return false;
            const last = linesIn(bytes);
            for (const r of reports) {
              JSON.stringify(r); // plain data, as the pool and the reporters need
              for (const f of r.findings) {
                if (f.code !== 'parse-error') continue;
                if (f.line === undefined || f.line < 1 || f.line > last || (f.column ?? 1) < 1) return false;
              }
            }
            return true;
          },
        ),
        { numRuns: RUNS },
      );
    },
    30 * 60_000,
  );
});
