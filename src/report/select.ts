// Which findings a run reports, as a linter's users expect: codes ignored or selected, a lowest
// severity, and a baseline of findings already accepted. Pure: runs in the worker before the
// reports are rendered, so every format, the counts and the exit code follow what is shown.
import type { Finding, MatchReport, Severity } from '../core/model.js';

export interface FindingFilter {
  /** Codes never reported. */
  ignore?: string[];
  /** When given, only these codes are reported. */
  select?: string[];
  /** Findings below this severity are not reported. */
  minSeverity?: Severity;
}

/**
 * A finding already accepted, keyed so that a run on the same file matches it again whatever
 * its lines: its match, game, code and message, and how many such findings there were.
 */
export interface AcceptedFinding {
  match: number | null;
  game: number | null;
  code: string;
  message: string;
  count: number;
}

const RANK: Record<Severity, number> = { info: 0, warning: 1, error: 2 };

function keep(f: Finding, filter: FindingFilter): boolean {
  if (filter.ignore?.includes(f.code)) return false;
  if (filter.select && !filter.select.includes(f.code)) return false;
  return filter.minSeverity === undefined || RANK[f.severity] >= RANK[filter.minSeverity];
}

/** The reports with only the findings that pass `keep` (game findings are the match's own objects). */
function narrowed(reports: MatchReport[], keepFinding: (r: MatchReport, f: Finding) => boolean): MatchReport[] {
  return reports.map((r) => {
    const dropped = new Set<Finding>();
    const findings = r.findings.filter((f) => keepFinding(r, f) || (dropped.add(f), false));
    if (dropped.size === 0) return r;
    if (r.match === null) return { ...r, findings };
    return {
      ...r,
      findings,
      games: r.games.map((g) =>
        g.findings.some((f) => dropped.has(f)) ? { ...g, findings: g.findings.filter((f) => !dropped.has(f)) } : g,
      ),
    };
  });
}

export function selectFindings(reports: MatchReport[], filter: FindingFilter | undefined): MatchReport[] {
  if (!filter || (filter.ignore === undefined && filter.select === undefined && filter.minSeverity === undefined))
    return reports;
  return narrowed(reports, (_, f) => keep(f, filter));
}

function keyOf(match: number | null, f: { game?: number | null; code: string; message: string }): string {
  return `${match ?? ''}\t${f.game ?? ''}\t${f.code}\t${f.message}`;
}

/** The reports without the findings a baseline accepts, each accepted finding matched once. */
export function withoutAccepted(reports: MatchReport[], accepted: AcceptedFinding[] | undefined): MatchReport[] {
  if (!accepted || accepted.length === 0) return reports;
  const left = new Map<string, number>();
  for (const a of accepted) left.set(keyOf(a.match, a), (left.get(keyOf(a.match, a)) ?? 0) + a.count);
  return narrowed(reports, (r, f) => {
    const key = keyOf(r.match, f);
    const n = left.get(key) ?? 0;
    if (n === 0) return true;
    left.set(key, n - 1);
    return false;
  });
}

/** One file's findings as baseline entries, in report order. */
export function acceptedFindings(reports: MatchReport[]): AcceptedFinding[] {
  const byKey = new Map<string, AcceptedFinding>();
  for (const r of reports) {
    for (const f of r.findings) {
      const key = keyOf(r.match, f);
      const entry = byKey.get(key);
      if (entry) entry.count++;
      else byKey.set(key, { match: r.match, game: f.game ?? null, code: f.code, message: f.message, count: 1 });
    }
  }
  return [...byKey.values()];
}
