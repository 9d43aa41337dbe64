// The finding codes are declared once, a file each under src/findings/ named for its code, and
// all of them are in the catalogue (src/findings/index.ts; docs/rules.md and the JSON Schema's
// code lists are made from it, test/rules/docs.test.ts); every finding the audit makes on the
// fixtures has a code and a severity the catalogue gives.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditFile } from '../../src/read/file.js';
import { FINDING_CODES } from '../../src/core/findings.js';
import { FIXTURES, ROOT, fixture } from '../helpers.js';

describe('finding codes, declared once', () => {
  it('each entry has a severity, a one-line meaning, why it matters, and an example that exists', () => {
    for (const [code, entry] of Object.entries(FINDING_CODES)) {
      expect(code).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(entry.code).toBe(code);
      expect(entry.severities.length).toBeGreaterThan(0);
      expect(new Set(entry.severities).size).toBe(entry.severities.length);
      expect(entry.meaning).toMatch(/^[^\n]{10,140}$/);
      expect(entry.why).toMatch(/^[^\n]{40,}$/);
      if (entry.example !== null) expect(existsSync(join(FIXTURES, entry.example)), entry.example).toBe(true);
    }
  });

  it('each file of src/findings/ declares the code it is named for, and the catalogue holds it', async () => {
    const dir = join(ROOT, 'src', 'findings');
    const files = readdirSync(dir).filter((n) => n.endsWith('.ts') && n !== 'index.ts' && n !== 'declaration.ts');
    expect(files.map((n) => n.slice(0, -'.ts'.length)).sort()).toEqual(Object.keys(FINDING_CODES).sort());
    for (const name of files) {
      const { declaration } = (await import(join(dir, name))) as { declaration: unknown };
      expect(declaration, name).toBe(FINDING_CODES[name.slice(0, -'.ts'.length) as keyof typeof FINDING_CODES]);
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
