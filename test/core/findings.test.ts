// The finding codes are declared once (src/core/findings.ts; docs/rules.md is made from it), and
// every finding the audit makes on the fixtures has a code and a severity the catalogue gives.
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditFile } from '../../src/read/file.js';
import { FINDING_CODES } from '../../src/core/findings.js';
import { FIXTURES, fixture } from '../helpers.js';

describe('finding codes, declared once', () => {
  it('each entry has a severity and a one-line meaning', () => {
    for (const [code, entry] of Object.entries(FINDING_CODES)) {
      expect(code).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(entry.severities.length).toBeGreaterThan(0);
      expect(entry.meaning).toMatch(/^[^\n]{10,140}$/);
    }
  });

  it('every finding made on the fixtures has a catalogued code with one of its severities', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir)
        .sort()
        .flatMap((n) =>
          statSync(join(dir, n)).isDirectory()
            ? files(join(dir, n))
            : /\.(mat|sgf)$/.test(n)
              ? [relative(FIXTURES, join(dir, n))]
              : [],
        );
    const seen = new Set<string>();
    const wrong: string[] = [];
    for (const file of files(FIXTURES)) {
      for (const report of auditFile(fixture(file), file)) {
        for (const f of [...report.findings, ...report.games.flatMap((g) => g.findings)]) {
          seen.add(f.code);
          const entry: { severities: readonly string[] } | undefined = FINDING_CODES[f.code];
          if (!entry?.severities.includes(f.severity)) wrong.push(`${file}: ${f.code} ${f.severity}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(seen.size).toBeGreaterThan(25); // the fixtures show most codes (test/scoring/fixtures.test.ts names them)
  });
});
