// A row's match among its players' found by queues gives what a scan of every match gives (the
// first unpaired one of a compatible date, of the row's length first), on random rematches.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Candidate, Rematches } from '../../src/results/pair.js';
import type { PlayedMatch } from '../../src/results/pair.js';

/** The pairing as a scan of every match in input order: the rule the queues must keep. */
function scan(items: Candidate[], length: number | null, date: string | null): Candidate | undefined {
  let first: Candidate | undefined;
  for (const c of items) {
    if (c.paired || !(date === null || c.date === null || c.date === date)) continue;
    if (length === null || c.m.length === length) return c;
    first ??= c;
  }
  return first;
}

const DATES = [null, '2023-10-18', '2023-10-19'] as const;
const LENGTHS = [3, 5, 7] as const;

describe('pairing by queues', () => {
  it('picks what a scan picks, row after row', () => {
    const match = fc.record({ date: fc.constantFrom(...DATES), length: fc.constantFrom(...LENGTHS) });
    const row = fc.record({
      date: fc.constantFrom(...DATES),
      length: fc.option(fc.constantFrom(...LENGTHS), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(match, { maxLength: 30 }), fc.array(row, { maxLength: 40 }), (matches, rows) => {
        const make = () =>
          matches.map((m, order): Candidate => ({
            m: { length: m.length } as PlayedMatch,
            order,
            keys: ['a', 'b'],
            date: m.date,
            paired: false,
          }));
        const queued = make();
        const scanned = make();
        const queues = new Rematches();
        for (const c of queued) queues.add(c);
        for (const r of rows) {
          const a = queues.pick(r.length, r.date);
          const b = scan(scanned, r.length, r.date);
          expect(a?.order).toBe(b?.order);
          if (a) a.paired = true;
          if (b) b.paired = true;
        }
      }),
      { numRuns: 500 },
    );
  });
});
