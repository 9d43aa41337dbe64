// bgaudit's own version, from its package.json: beside the sources in development, two folders
// up from dist/src when built or installed.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function find(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)), k = 0; k < 4; dir = dirname(dir), k++) {
    const file = join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === 'bgaudit' && pkg.version) return pkg.version;
  }
  return 'unknown';
}

export const VERSION = find();
