// The installed package as bundles: the command (dist/bin/cli-code.cjs, run by the small
// dist/bin/bgaudit.js through V8's code cache), the pool's worker (dist/bin/worker-code.cjs, run
// by the small dist/bin/worker.cjs the same way) and the library (dist/lib/index.js, `main`).
// Node resolves and links a module graph file by file, and each worker pays that again: one
// bundled file loads several times faster (bench/README.md has the figures). And a bundle holds
// its dependencies: the package installs with piscina alone, which starts its workers from a file
// of its own. tsc's output in dist/src gives the types and is what the tests and the benchmarks
// run.
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
// The worker's code and the command's as scripts (CommonJS), which vm.Script can run with V8's
// code cache; the worker file piscina starts (worker-loader.ts) and the command's file
// (cli-loader.ts) run them so (cache/code-cache.ts). The worker's source map is for bench:profile,
// which names each sample's source file from it: external (no sourceMappingURL comment), so that
// the bundle, and with it the code cache's key, is the same as without it; neither packed (the
// package's files) nor read by the worker. `import.meta.url` is the bundle's own file (the loader
// passes it as __filename): the worker's and the package's files are found from it.
const script = {
  format: 'cjs',
  outdir: 'dist/bin',
  outExtension: { '.js': '.cjs' },
  define: { 'import.meta.url': 'bundleUrl' },
  // Strict, as the ES modules it is made from are.
  banner: { js: "'use strict';\nconst bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
};
await build({
  ...common,
  ...script,
  entryPoints: { 'worker-code': 'src/batch/worker.ts' },
  sourcemap: 'external',
  sourcesContent: false,
});
pageScriptsPut = 0;
await build({ ...common, ...script, entryPoints: { 'cli-code': 'src/cli-main.ts' } });
if (pageScriptsPut === 0) throw new Error('dist/bin/cli-code.cjs: the page script was not put in');
// A script run by vm.Script has no loader for a dynamic import(): it would fail only when run.
for (const file of ['dist/bin/cli-code.cjs', 'dist/bin/worker-code.cjs'])
  if (/\bimport\(/.test(readFileSync(file, 'utf8'))) throw new Error(`${file}: a dynamic import() cannot run there`);
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
// The command's file: an ES module (the package's type) that runs cli-code.cjs.
await build({ ...common, entryPoints: { bgaudit: 'src/cli-loader.ts' }, outdir: 'dist/bin', format: 'esm' });
chmodSync('dist/bin/bgaudit.js', 0o755);
// The library as an ES module. The CommonJS dependencies (commander, @stdlib) call
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
await esmBundle('index', 'src/index.ts', 'dist/lib');
