// Lists that grow with an input never go into a call as spread arguments, which overflows the
// stack on a long enough list: a game of 200,000 stray cube lines before an illegal move, a
// player with 200,000 rated matches, a table of 200,000 rows.
import { describe, expect, it } from 'vitest';
import { append, maxOf, minOf } from '../../src/core/lists.js';
import { auditFile } from '../../src/read/file.js';
import { ratingChart } from '../../src/standings/html.js';
import { fixtureText } from '../helpers.js';

const MANY = 200_000;

describe('lists of any length', () => {
  it('append, maxOf and minOf take more items than a call takes arguments', () => {
    const long = Array.from({ length: 500_000 }, (_, k) => k % 1000);
    const to = [-1];
    append(to, long);
    expect(to).toHaveLength(500_001);
    expect(maxOf(0, long)).toBe(999);
    expect(minOf(5, long)).toBe(0);
  });

  it('a game with 200,000 stray Takes lines before an illegal move is audited, not an internal error', () => {
    const lines = fixtureText('moves', 'wrong-distance-with-hit.mat').split('\n');
    // After game 13's score line: its illegal move is traced back through every finding made before it.
    const at = lines.findIndex((l) => l.startsWith(' Game 13')) + 2;
    const text = [...lines.slice(0, at), ...Array<string>(MANY).fill('  Takes'), ...lines.slice(at)].join('\n');
    const [report] = auditFile(new TextEncoder().encode(text), 'x.mat');
    const codes = new Set(report?.findings.map((f) => f.code));
    expect(codes).toEqual(new Set(['cube-response', 'illegal-move']));
  });

  it("a player's rating chart over 200,000 matches", () => {
    const history = Array.from({ length: MANY }, (_, k) => 1500 + (k % 50));
    expect(ratingChart('bot', history, 1500)).toContain('<svg');
  });
});
