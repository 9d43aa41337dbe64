// The steps of `npm test` before vitest, two at a time: the build then the type check of the
// tests, beside the linters (Prettier, ESLint, knip), which need nothing built. Each step keeps
// one core busy: on two cores they take the time of the longer chain, not of both. A chain stops
// at its first failure; each step's output is printed whole when it ends; any failure fails all.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { delimiter, join } from 'node:path';
import process from 'node:process';

const CHAINS = [
  ['npm run build', 'tsc -p tsconfig.test.json'],
  ['tsc -p src/report/page', 'npm run lint'],
];
// The project's tools, as npm finds them for a script, also when this file is run by hand.
const PATH = [join(process.cwd(), 'node_modules', '.bin'), process.env.PATH].join(delimiter);

function step(command) {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, PATH } });
    const out = [];
    child.stdout.on('data', (b) => out.push(b));
    child.stderr.on('data', (b) => out.push(b));
    child.on('close', (code) => {
      process.stdout.write(`> ${command}\n${Buffer.concat(out).toString()}`);
      resolve(code === 0);
    });
  });
}

async function chain(commands) {
  for (const command of commands) if (!(await step(command))) return false;
  return true;
}

const passed = await Promise.all(CHAINS.map(chain));
process.exitCode = passed.every(Boolean) ? 0 : 1;
