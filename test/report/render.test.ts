// FileRenderer: a file's reports rendered one at a time. Given writers (a file read in pieces, its
// text spooled), each format's text is written as it is made; the reports after one that comes
// last (the match that counts a file's unlisted parse errors) are written apart and joined after
// it, not held: the text is the one of the reports rendered in order.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditFile } from '../../src/check.js';
import { FileRenderer, renderFile } from '../../src/report/render.js';
import type { OutputFormat, PieceWriter } from '../../src/report/reporter.js';
import { FIXTURES } from '../helpers.js';

/** Writers in memory: each keeps what it was given; `close` names it by its format. */
function memorySpool() {
  const written = new Map<string, string>();
  const spool = (name: string): PieceWriter => {
    written.set(name, '');
    const w: PieceWriter = {
      write: (t) => void written.set(name, (written.get(name) ?? '') + t),
      close: () => ((written.get(name) ?? '') === '' ? null : name),
      append: (other) => {
        const from = other.close();
        if (from !== null) w.write(written.get(from) ?? '');
      },
    };
    return w;
  };
  return { written, spool };
}

const reports = auditFile(
  readFileSync(join(FIXTURES, 'mat', 'bbgt-two-matches-gridgammon-ratings.mat')),
  'two.mat',
  {},
).concat(auditFile(readFileSync(join(FIXTURES, 'mat', 'cp1252-names-illegal-play.mat')), 'two.mat', {}));
const formats: OutputFormat[] = ['text', 'ndjson', 'csv', 'csv-match'];
const spec = { formats, showInfo: true };

describe('FileRenderer with writers', () => {
  it.each([0, 1, 2])('report %i added last: the same text, the later ones written before it comes', (last) => {
    expect(reports.length).toBe(3);
    expect(reports.some((r) => r.findings.length > 0)).toBe(true);
    const inOrder = renderFile(reports, spec);
    const { written, spool } = memorySpool();
    const renderer = new FileRenderer(spec, spool);
    const order = [...reports.keys()].filter((k) => k !== last).concat(last);
    order.forEach((k, step) => {
      renderer.add(reports[k], k);
      // Nothing waits in memory: every report added so far is written somewhere.
      if (step === order.length - 2 && last < reports.length - 1)
        expect(
          [...written.keys()].filter((n) => n.startsWith('after.') && written.get(n) !== '').length,
        ).toBeGreaterThan(0);
    });
    const out = renderer.finish();
    expect(out.counts).toEqual(inOrder.counts);
    for (const f of formats) {
      const path = out.spooled?.[f];
      expect(path === undefined ? out.out[f] : written.get(path), f).toBe(inOrder.out[f]);
    }
  });
});
