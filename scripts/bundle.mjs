// The installed package as bundles: dist/bin/bgaudit.js (the CLI), the pool's worker
// (dist/bin/worker-code.cjs, run by the small dist/bin/worker.cjs through V8's code cache) and the
// library (dist/lib/index.js, `main`). Node resolves and links a module graph file by file, and
// each worker pays that again: one bundled file loads several times faster (bench/README.md has
// the figures). And a bundle holds its dependencies: the package installs with piscina alone,
// which starts its workers from a file of its own. tsc's output in dist/src gives the types and
// is what the tests and the benchmarks run.
import { build } from 'esbuild';
import { chmodSync, readFileSync, rmSync } from 'node:fs';

// Built afresh, so that no file an earlier build left can be packed or started.
rmSync('dist/bin', { recursive: true, force: true });
rmSync('dist/lib', { recursive: true, force: true });

// The HTML report's page script is a file html-script-source.ts reads beside itself; a bundle
// has no such file beside it, so it holds the text, put in place of that module. Counted: a
// bundle of the command that reads the file instead would fail only when run.
let pageScriptsPut = 0;
const pageScript = {
  name: 'page-script',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/]report[\\/]html-script-source\.ts$/ }, () => {
      pageScriptsPut++;
      const text = readFileSync('src/report/page/script.js', 'utf8');
      return { contents: `export const PAGE_SCRIPT = ${JSON.stringify(text)};`, loader: 'js' };
    });
  },
};

const common = {
  bundle: true,
  plugins: [pageScript],
  platform: 'node',
  target: 'node20',
  // piscina starts its workers from a file of its own package: it must stay a package.
  external: ['piscina'],
  logLevel: 'warning',
};
// The worker's code as a script (CommonJS), which vm.Script can run with V8's code cache; the
// worker file piscina starts (worker-loader.ts) runs it so. Its source map is for bench:profile,
// which names each sample's source file from it: external (no sourceMappingURL comment), so that
// the bundle, and with it the code cache's key, is the same as without it; neither packed (the
// package's files) nor read by the worker.
await build({
  ...common,
  entryPoints: { 'worker-code': 'src/batch/worker.ts' },
  outdir: 'dist/bin',
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  sourcemap: 'external',
  sourcesContent: false,
});
// The file piscina starts is CommonJS too: piscina require()s it, and Node's require() of an ES
// module aborts the whole process (a failed assertion in its module facade) when the worker is
// terminated while loading, as a run that ends early or a watchdog does.
await build({
  ...common,
  entryPoints: { worker: 'src/batch/worker-loader.ts' },
  outdir: 'dist/bin',
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  define: { 'import.meta.url': 'loaderUrl' },
  banner: { js: "'use strict';\nconst loaderUrl = require('node:url').pathToFileURL(__filename).href;" },
});
// The command and the library as ES modules. The CommonJS dependencies (commander, @stdlib) call
// require() for Node's modules: an ES module has no require, so each bundle makes one. Their code
// runs when first required (@stdlib only by `bgaudit dice`), as it did before bundling. The
// library's runs start the command's worker (pool-setup.ts finds it in dist/bin).
async function esmBundle(name, entry, outdir) {
  pageScriptsPut = 0;
  await build({
    ...common,
    entryPoints: { [name]: entry },
    outdir,
    format: 'esm',
    banner: {
      js: "import { createRequire as bundleRequire } from 'node:module'; const require = bundleRequire(import.meta.url);",
    },
  });
  if (pageScriptsPut === 0) throw new Error(`${outdir}/${name}.js: the page script was not put in`);
}
await esmBundle('bgaudit', 'src/cli-main.ts', 'dist/bin');
chmodSync('dist/bin/bgaudit.js', 0o755);
await esmBundle('index', 'src/index.ts', 'dist/lib');
