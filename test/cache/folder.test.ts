// Where the cache folder is, and what a results cache's keys are salted with: another build, another
// Node or another setting that decides an audit never finds this one's entries.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultCacheDir, openResultsCache } from '../../src/cache/folder.js';
import { tempDir } from '../helpers.js';

describe('the cache folder', () => {
  it.each([
    [{ BGAUDIT_CACHE_DIR: '/c', XDG_CACHE_HOME: '/x' }, '/c'],
    [{ BGAUDIT_CACHE_DIR: '', XDG_CACHE_HOME: '/x' }, null],
    [{ XDG_CACHE_HOME: '/x' }, '/x/bgaudit'],
  ])('%j: %s', (env, dir) => {
    expect(defaultCacheDir(env)).toBe(dir);
  });

  it('is ~/.cache/bgaudit with neither set', () => {
    expect(defaultCacheDir({})).toMatch(/[/\\]\.cache[/\\]bgaudit$/);
  });
});

describe("a results cache's salt", () => {
  const dir = tempDir('bgaudit-salt-');
  const salt = (identity: string, settings: unknown) => {
    const opened = openResultsCache(dir, identity, settings);
    if (!('spec' in opened)) throw new Error(opened.warning);
    expect(opened.spec.dir).toBe(join(dir, 'results', opened.spec.salt.slice(0, 16)));
    return opened.spec.salt;
  };
  const settings = { audit: { rules: { crawford: true } }, maxFileSize: 16 };

  it('is the same for the same code and settings', () => {
    expect(salt('build a', settings)).toBe(salt('build a', { ...settings }));
  });

  it('differs with the code that audits', () => {
    expect(salt('build a', settings)).not.toBe(salt('build b', settings));
  });

  it.each([
    ['a rule', { ...settings, audit: { rules: { crawford: false } } }],
    ['the size limit', { ...settings, maxFileSize: 17 }],
    ['what the audit gathers', { ...settings, audit: { ...settings.audit, gameStats: true } }],
  ])('differs with %s', (_, other) => {
    expect(salt('build a', settings)).not.toBe(salt('build a', other));
  });
});
