// No module of src/ or grammars/ imports, through others, a module that imports it: a cycle makes
// the order modules run in depend on which one a program loads first, and two modules that need
// each other are one module in two files. Type-only imports count too: they tie the files as much.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => join(e.parentPath, e.name));
}

/** Each module's relative imports and re-exports, type-only ones too. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const [, spec] of text.matchAll(/^(?:import|export)\b[^;]*?\sfrom\s+'(\.[^']+)'/gm)) {
    if (spec === undefined) continue;
    found.push(resolve(dirname(file), spec.replace(/\.js$/, '.ts')));
  }
  return found;
}

/** The modules on a cycle, each cycle once, as paths from the repository's root. */
function cycles(files: string[]): string[][] {
  const graph = new Map(files.map((f) => [f, importsOf(f).filter((d) => files.includes(d))]));
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (f: string) => {
    state.set(f, 'open');
    path.push(f);
    for (const d of graph.get(f) ?? []) {
      if (state.get(d) === 'open') found.push(path.slice(path.indexOf(d)).map((p) => relative(ROOT, p)));
      else if (!state.has(d)) visit(d);
    }
    path.pop();
    state.set(f, 'done');
  };
  for (const f of files) if (!state.has(f)) visit(f);
  return found;
}

describe('import cycles', () => {
  it('src/ and grammars/ have none', () => {
    expect(cycles([...sources(join(ROOT, 'src')), ...sources(join(ROOT, 'grammars'))])).toEqual([]);
  });

  it('are found when a module imports one that imports it, through a re-export or a type too', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bgaudit-cycles-'));
    try {
      const write = (name: string, text: string) => {
        writeFileSync(join(dir, name), text);
        return join(dir, name);
      };
      const a = write('a.ts', "import { b } from './b.js';\nexport const a = b;\n");
      const b = write('b.ts', "export { a as c } from './a.js';\nexport const b = 1;\n");
      const c = write('c.ts', "import type { D } from './d.js';\nexport const c = 1;\n");
      const d = write('d.ts', "import { c } from './c.js';\nexport type D = typeof c;\n");
      const e = write('e.ts', "import { a } from './a.js';\nexport const e = a;\n");
      expect(cycles([a, b, c, d, e]).map((cycle) => cycle.length)).toEqual([2, 2]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // The stages read each other's results one way: the report shows what the statistics found.
  it.each([['stats', 'report']])('src/%s/ imports nothing from src/%s/', (from, to) => {
    const into = join(ROOT, 'src', to);
    const wrong = sources(join(ROOT, 'src', from)).flatMap((f) =>
      importsOf(f)
        .filter((d) => d.startsWith(into + '/'))
        .map((d) => `${relative(ROOT, f)} → ${relative(ROOT, d)}`),
    );
    expect(wrong).toEqual([]);
  });
});
