// The finding codes are declared once (src/findings.ts): README.md's table says the same, and
// every finding the audit makes on the fixtures has a code and a severity the catalogue gives.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditFile } from '../src/check.js';
import { FINDING_CODES, type FindingCode } from '../src/findings.js';
import { FIXTURES, ROOT, fixture } from './helpers.js';

/** The README's table under "## Finding codes": code → severities, in the table's order. */
function readmeCodes(): Map<string, string[]> {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('\n## Finding codes\n');
  expect(start, 'README.md has a "## Finding codes" section').toBeGreaterThan(0);
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end === -1 ? undefined : end);
  const rows = new Map<string, string[]>();
  for (const line of section.split('\n')) {
    const m = /^\|\s*`([a-z0-9-]+)`\s*\|\s*([^|]+?)\s*\|/.exec(line);
    if (!m) continue;
    expect(rows.has(m[1]), `README lists ${m[1]} once`).toBe(false);
    rows.set(
      m[1],
      m[2].split('/').map((s) => s.trim()),
    );
  }
  return rows;
}

const sorted = (xs: readonly string[]) => [...xs].sort();

describe('finding codes, declared once', () => {
  it("README.md's table has exactly the catalogue's codes, each with the same severities", () => {
    const readme = readmeCodes();
    expect(readme.size).toBeGreaterThan(30);
    expect(sorted([...readme.keys()])).toEqual(sorted(Object.keys(FINDING_CODES)));
    for (const [code, severities] of readme)
      expect([code, sorted(severities)]).toEqual([code, sorted(FINDING_CODES[code as FindingCode].severities)]);
  });

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
