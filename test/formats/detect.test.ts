import { describe, expect, it } from 'vitest';
import { detectFormat } from '../../src/formats/index.js';
import { importRecord } from '../../src/import/index.js';
import { fixture } from '../helpers.js';

describe('format by content, not by extension', () => {
  it.each([
    ['(;FF[4]GM[6])', 'sgf'],
    ['  \n (\n;GM[6])', 'sgf'],
    [' 7 point match\n', 'mat'],
    ['; [Site "x"]\n(;', 'mat'],
    ['', 'mat'],
  ])('%j → %s', (text, format) => {
    expect(detectFormat(text)).toBe(format);
  });

  it('an SGF file named .mat is read as SGF', () => {
    const r = importRecord(fixture('sgf', 'sgf-content-with-mat-extension.mat'), 'x.mat');
    expect(r.format).toBe('sgf');
    expect(r.errors).toEqual([]);
  });
});
