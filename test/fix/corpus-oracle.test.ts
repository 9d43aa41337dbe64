// The oracle for `bgaudit fix` on real records: a sample of the corpus's clean .mat files (GNU
// Backgammon, Backgammon Galaxy, Backgammon Studio, XG), each given one error of each fixable kind
// (test/fix/inject.ts), fixed back to the clean file byte for byte. The whole corpus is the same
// check by hand (about 3,700 injected files); a sample keeps the suite quick.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS } from '../helpers.js';
import { fileAudit } from '../../src/read/attach.js';
import { fixFile } from '../../src/fix/file.js';
import { KINDS, inject } from './inject.js';

/** Every `step`-th .mat file of the corpus's real files, and every GNU Backgammon one. */
function sample(step: number): string[] {
  const real = readdirSync(join(CORPUS, 'mat'))
    .filter((n) => n.endsWith('.mat'))
    .sort()
    .filter((_, k) => k % step === 0)
    .map((n) => join(CORPUS, 'mat', n));
  const gnubg = readdirSync(join(CORPUS, 'gnubg-generated'))
    .filter((n) => n.endsWith('.mat'))
    .map((n) => join(CORPUS, 'gnubg-generated', n));
  return [...gnubg, ...real];
}

describe('fix on the corpus: one injected error of each kind comes back as the record was', () => {
  it('restores every injected file of the sample byte for byte', () => {
    const audit = fileAudit({ positions: 'final' });
    const counts = new Map<string, number>();
    const failures: string[] = [];
    for (const file of sample(25)) {
      const clean = readFileSync(file);
      for (const kind of KINDS) {
        const bad = inject(clean, file, kind);
        if (bad === null) continue;
        const r = fixFile(bad, file, audit, () => true);
        const ok =
          r.kind === 'fixed' &&
          r.fixed.length === 1 &&
          r.fixed[0]?.finding.code === kind &&
          Buffer.from(r.bytes).equals(clean);
        // A Windows-1252 line that is not ASCII: refused, never edited.
        const refusedNonAscii = r.kind === 'refused' && r.reason.includes('is not ASCII in a windows-1252 file');
        if (ok || refusedNonAscii) counts.set(kind, (counts.get(kind) ?? 0) + 1);
        else failures.push(`${file} ${kind}: ${r.kind === 'refused' ? r.reason : r.kind}`);
      }
    }
    expect(failures).toEqual([]);
    // Resignations on a cube of 2 or more before the last game are rare (37 in the whole corpus).
    for (const kind of KINDS) expect(counts.get(kind) ?? 0).toBeGreaterThanOrEqual(kind === 'resign-value' ? 5 : 20);
  });
});
