// The duplicate check's main-thread side: files are met in input order whatever order their
// questions come in; a file asked about again (its batch sent again) gets the answer it had; a
// file the main thread reports itself lets the ones after it through; a file read in pieces is
// given its turn, then answered at once.
import { describe, expect, it } from 'vitest';
import { DuplicateDesk, type DeskFile } from '../../src/batch/duplicate-desk.js';
import { DuplicateIndex, type DuplicateOf } from '../../src/batch/duplicates.js';
import type { Answer, Question } from '../../src/batch/batch.js';
import type { ContentKey } from '../../src/scoring/match-key.js';

const key = (n: number): ContentKey => ({
  digest: n.toString(16).padStart(32, '0'),
  aside: { format: 'mat', parts: [], end: 1, errors: 0 },
});

/** A desk, and what it answered about each file, by path, in the order answered. */
function desk() {
  const d = new DuplicateDesk(new DuplicateIndex());
  const answered: [string, number[]][] = [];
  /** A question about `file`, the only file of its batch. */
  type Asked =
    | { keys: (ContentKey | null)[] | null }
    | { head: true }
    | { matches: number[]; keys: (ContentKey | null)[]; last: boolean };
  const ask = (file: DeskFile, q: Asked) =>
    d.question([file], { ...q, at: 0 } as Question, (a: Answer) =>
      answered.push([file.path, a.duplicates.map((x: DuplicateOf) => x.ofMatch)]),
    );
  return { d, answered, ask };
}

describe('DuplicateDesk', () => {
  it('meets files in input order: a file asked about early waits for the ones before it', () => {
    const { answered, ask } = desk();
    ask({ seq: 2, path: 'c' }, { keys: [key(1)] });
    ask({ seq: 1, path: 'b' }, { keys: [key(1)] });
    expect(answered).toEqual([]);
    ask({ seq: 0, path: 'a' }, { keys: [key(1), key(2)] });
    // a first (nothing before it), then b and c, each repeating a's first match.
    expect(answered).toEqual([
      ['a', []],
      ['b', [1]],
      ['c', [1]],
    ]);
  });

  it('a file with no match to meet is let through and not answered', () => {
    const { answered, ask } = desk();
    ask({ seq: 1, path: 'b' }, { keys: [key(7)] });
    ask({ seq: 0, path: 'a' }, { keys: null });
    expect(answered).toEqual([['b', []]]);
  });

  it('a file asked about again gets the answer it had, until its outcome is written', () => {
    const { d, answered, ask } = desk();
    ask({ seq: 0, path: 'a' }, { keys: [key(1)] });
    ask({ seq: 1, path: 'b' }, { keys: [key(1)] });
    ask({ seq: 1, path: 'b' }, { keys: [key(1)] });
    expect(answered).toEqual([
      ['a', []],
      ['b', [1]],
      ['b', [1]],
    ]);
    expect(d.count).toBe(1); // met once
    d.written(1);
    ask({ seq: 1, path: 'b' }, { keys: [key(1)] });
    expect(answered[3]).toEqual(['b', []]);
  });

  it('a file the main thread reports itself (its worker was lost) lets the ones after it through', () => {
    const { d, answered, ask } = desk();
    ask({ seq: 1, path: 'b' }, { keys: [key(1)] });
    expect(answered).toEqual([]);
    d.gone(0);
    expect(answered).toEqual([['b', []]]);
  });

  it('a file read in pieces waits for its turn, then is answered piece by piece; the next waits for its last', () => {
    const { answered, ask } = desk();
    ask({ seq: 1, path: 'big' }, { head: true });
    ask({ seq: 2, path: 'c' }, { keys: [key(2)] });
    expect(answered).toEqual([]);
    ask({ seq: 0, path: 'a' }, { keys: [key(1)] });
    expect(answered).toEqual([
      ['a', []],
      ['big', []], // its turn
    ]);
    ask({ seq: 1, path: 'big' }, { matches: [1, 2], keys: [key(2), key(1)], last: false });
    expect(answered[2]).toEqual(['big', [1]]);
    expect(answered).toHaveLength(3); // c waits for big's last piece
    ask({ seq: 1, path: 'big' }, { matches: [3], keys: [key(2)], last: true });
    expect(answered.slice(3)).toEqual([
      ['big', [1]],
      ['c', [1]],
    ]);
  });

  it('a file read in pieces that asks about matches before its turn is an internal error', () => {
    const { ask } = desk();
    expect(() => ask({ seq: 1, path: 'big' }, { matches: [1], keys: [key(1)], last: true })).toThrow(/before its turn/);
  });
});
