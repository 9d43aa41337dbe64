// Each finding code has a page (docs/rules.md, `bgaudit rule CODE`) made from its declaration
// (src/findings/) and a bundled sample record, and a place in the JSON Schema's code lists: the
// committed pages, examples and schema must be what the generator makes now, so a changed message
// or a new code cannot leave the documentation behind.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { examples, examplesModule, rulesMarkdown, schemaJson } from '../../scripts/rule-docs.js';
import { FINDING_CODES } from '../../src/core/findings.js';
import { CODES, closestCodes, rulePage, rulesList } from '../../src/rules/page.js';
import { ROOT, cli } from '../helpers.js';

describe('the finding codes’ pages', () => {
  it('src/rules/examples.ts is what `npm run docs` makes from the fixtures', async () => {
    expect(readFileSync(join(ROOT, 'src', 'rules', 'examples.ts'), 'utf8')).toBe(await examplesModule(ROOT));
  });

  it('docs/rules.md is what `npm run docs` makes', () => {
    expect(readFileSync(join(ROOT, 'docs', 'rules.md'), 'utf8')).toBe(rulesMarkdown(examples(ROOT)));
  });

  it("docs/report.schema.json's finding codes are what `npm run docs` makes", async () => {
    expect(readFileSync(join(ROOT, 'docs', 'report.schema.json'), 'utf8')).toBe(await schemaJson(ROOT));
  });

  it('every code has a page with its severities, and an example unless no record can show it', () => {
    expect(CODES).toEqual(Object.keys(FINDING_CODES));
    const withExample = Object.keys(examples(ROOT));
    for (const code of CODES) {
      const page = rulePage(code);
      expect(page).toContain(`## ${code}\n`);
      expect(page).toContain(FINDING_CODES[code].severities.join(' or '));
      if (FINDING_CODES[code].example) expect(withExample).toContain(code);
    }
    expect(withExample.length).toBeGreaterThan(30);
  });

  it('the list has one line per code', () => {
    const lines = rulesList().trimEnd().split('\n');
    expect(lines.map((l) => l.split(' ')[0])).toEqual(CODES);
  });
});

describe('did you mean', () => {
  it.each([
    ['ilegal-move', ['illegal-move']],
    ['gamon-on-drop', ['gammon-on-drop']],
    ['Score-Mismatch', ['score-mismatch']],
    ['forfiet', ['forfeit']],
    ['xyzzy', []],
    ['cube', []],
  ])('%s → %j', (typo, expected) => {
    expect(closestCodes(typo)).toEqual(expected);
  });
});

describe('bgaudit rules and bgaudit rule', () => {
  it('rules lists every code', async () => {
    const { code, stdout } = await cli('rules');
    expect(code).toBe(0);
    expect(stdout).toBe(rulesList());
  });

  it('rule CODE prints its page, exit 0', async () => {
    const { code, stdout } = await cli('rule', 'gammon-on-drop');
    expect(code).toBe(0);
    expect(stdout).toBe(rulePage('gammon-on-drop'));
  });

  it('a mistyped code is a usage error that suggests the right one', async () => {
    const { code, stderr } = await cli('rule', 'ilegal-move');
    expect(code).toBe(2);
    expect(stderr).toContain('did you mean illegal-move?');
  });

  it('--select with a mistyped code suggests the right one', async () => {
    const { code, stderr } = await cli('verify', 'fixtures', '--select', 'gamon-on-drop');
    expect(code).toBe(2);
    expect(stderr).toContain('did you mean gammon-on-drop?');
  });
});
