// The installed command as two files: dist/bin/bgaudit.js (the CLI) and dist/bin/worker.js (the
// pool's worker), each one module. Node resolves and links a module graph file by file: the CLI's
// 46 modules took ~40 ms to load, a worker's 62 modules ~65 ms (each worker pays it again), one
// bundled file 10-15 ms. tsc's output in dist/src stays the library (`main`, types) and what the
// tests import; the bundles are what `bgaudit` runs.
import { build } from 'esbuild';
import { chmodSync } from 'node:fs';

await build({
  entryPoints: { bgaudit: 'src/cli-main.ts', worker: 'src/batch/worker.ts' },
  outdir: 'dist/bin',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // piscina starts its workers from a file of its own package: it must stay a package.
  external: ['piscina'],
  // The CommonJS dependencies (commander, @stdlib) call require() for Node's modules: an ES module
  // has no require, so the bundle makes one. Their code runs when first required (@stdlib only by
  // `bgaudit dice`), as it did before bundling.
  banner: {
    js: "import { createRequire as bundleRequire } from 'node:module'; const require = bundleRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
chmodSync('dist/bin/bgaudit.js', 0o755);
