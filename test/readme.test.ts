// The README is what a newcomer reads first: its example is bgaudit's real output, its links
// lead somewhere, and it stays short enough to be read.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, cli } from './helpers.js';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

describe('README.md', () => {
  it('opens with the two commands a newcomer needs', () => {
    const head = readme.split('\n').slice(0, 8).join('\n');
    expect(head).toContain('npm ci && npm run build && npx bgaudit verify fixtures/');
    expect(head).toContain('npm ci && npm test');
  });

  it('is a page, not a notebook', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(200);
    expect(readme).not.toMatch(/issue \d|\b[0-9a-f]{7}\b \(|\b20\d\d-\d\d-\d\d\b|\.\.\/shared/);
  });

  it("its example is bgaudit's output", async () => {
    const block = /```\n\$ bgaudit (verify [^\n]+)\n([\s\S]*?)```/.exec(readme);
    expect(block).not.toBeNull();
    const [, command, shown] = block ?? ['', '', ''];
    const { stdout } = await cli(...command.split(' '));
    expect(stdout).toBe(shown);
  });

  it('links to files that exist', () => {
    const links = [...readme.matchAll(/\]\(([^)#]+)\)/g)].map((m) => m[1]);
    expect(links.length).toBeGreaterThan(5);
    for (const link of links) expect(existsSync(join(ROOT, link)), link).toBe(true);
  });
});
