// AuditContext.positions false: the audit writes no position down (each verdict's `final`, each
// finding's `position` and `legalPlay`), for outputs that read none of them; everything else
// is what the full audit says, number-out-of-range findings about the final state included.
// 'final': each verdict's `final` only, for the per-game CSV (it reads `final.xgid` alone).
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditFile } from '../../src/read/file.js';
import { fileAudit } from '../../src/read/attach.js';
import type { Finding, MatchReport } from '../../src/core/model.js';
import { renderCsvRows } from '../../src/report/csv.js';
import { renderText } from '../../src/report/text.js';
import { FIXTURES, fixture } from '../helpers.js';

function matchFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return matchFiles(path);
      return /\.(mat|sgf)$/.test(name) ? [relative(FIXTURES, path)] : [];
    });
}

const withoutPosition = (f: Finding): Finding => {
  const { position: _position, legalPlay: _legalPlay, ...rest } = f;
  return rest;
};

/** A full report as the audit without positions makes it: no final IDs, no finding positions. */
function positionsLeftOut(r: MatchReport): MatchReport {
  const findings = r.findings.map(withoutPosition);
  if (r.match === null) return { ...r, findings };
  return {
    ...r,
    games: r.games.map((g) => ({ ...g, final: null, findings: g.findings.map(withoutPosition) })),
    findings,
  };
}

const files = matchFiles(FIXTURES);

describe('an audit without positions', () => {
  const full = files.map((file) => auditFile(fixture(file), file, fileAudit({ contentKey: true })));
  const bare = files.map((file) => auditFile(fixture(file), file, fileAudit({ contentKey: true, positions: false })));

  it('the fixtures have final IDs and findings with positions, so that leaving them out is seen', () => {
    const reports = full.flat();
    expect(reports.some((r) => r.games.some((g) => g.final !== null))).toBe(true);
    expect(reports.some((r) => r.findings.some((f) => f.position !== undefined))).toBe(true);
    expect(reports.some((r) => r.findings.some((f) => f.legalPlay !== undefined))).toBe(true);
    expect(reports.some((r) => r.findings.some((f) => f.code === 'number-out-of-range'))).toBe(true);
  });

  it(`is the full audit less its positions, on all ${files.length} fixtures`, () => {
    expect(bare).toEqual(full.map((reports) => reports.map(positionsLeftOut)));
  });

  it('gives the same text report', () => {
    expect(bare.map((reports) => renderText(reports, true))).toEqual(full.map((reports) => renderText(reports, true)));
  });

  it('still gives positions to show --line (at)', () => {
    const file = files.find((f) => f.endsWith('.mat'));
    expect(file).toBeDefined();
    const [report] = auditFile(fixture(file!), file!, fileAudit({ positions: false, at: { line: 1 } }));
    expect(report.games.some((g) => g.final !== null)).toBe(true);
  });
});

describe("an audit with the final positions only ('final')", () => {
  const full = files.map((file) => auditFile(fixture(file), file, fileAudit({ contentKey: true, gameStats: true })));
  const final = files.map((file) =>
    auditFile(fixture(file), file, fileAudit({ contentKey: true, gameStats: true, positions: 'final' })),
  );
  const findingPositionsLeftOut = (r: MatchReport): MatchReport => {
    const bare = positionsLeftOut(r);
    if (bare.match === null || r.match === null) return bare;
    return { ...bare, games: bare.games.map((g, k) => ({ ...g, final: r.games[k].final })) };
  };

  it(`is the full audit less its findings' positions, on all ${files.length} fixtures`, () => {
    expect(final.flat().some((r) => r.games.some((g) => g.final !== null))).toBe(true);
    expect(final).toEqual(full.map((reports) => reports.map(findingPositionsLeftOut)));
  });

  it('gives the same per-game CSV', () => {
    expect(final.map((reports) => renderCsvRows(reports))).toEqual(full.map((reports) => renderCsvRows(reports)));
  });
});
