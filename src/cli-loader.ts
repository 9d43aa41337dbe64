#!/usr/bin/env node
// The installed `bgaudit` command (dist/bin/bgaudit.js): the bundled command (cli-code.cjs, made
// from cli-main.ts) run through V8's code cache (cache/code-cache.ts), so that a start does not
// parse and compile the whole bundle again. The cache is written as the process exits, with the
// functions the run reached, when it had none fit to use.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CachedBundle } from './cache/code-cache.js';

const bundle = new CachedBundle(join(dirname(fileURLToPath(import.meta.url)), 'cli-code.cjs'), 'command');
process.once('exit', () => bundle.save());
