// The audit's observers: what a caller attaches is told of every game and of the match's end,
// several observers of one kind are each told, and attaching them changes nothing the audit says.
import { describe, expect, it } from 'vitest';
import { auditMatch, type AuditObserver, type MatchEnd } from '../../src/scoring/audit.js';
import { importRecord } from '../../src/import/index.js';
import { matchSummary } from '../../src/scoring/match-summary.js';
import { auditFile } from '../../src/read/file.js';
import { fileAudit } from '../../src/read/attach.js';
import type { MatchRecord } from '../../src/core/model.js';
import { fixture } from '../helpers.js';

const NAME = 'bbgt-two-matches-gridgammon-ratings.mat';

function records(): MatchRecord[] {
  return importRecord(fixture('mat', NAME), NAME).matches;
}

/** Counts what it is told: rolls and cube events by the replay, games started, ended and judged. */
function counting() {
  const seen = { rolls: 0, cubes: 0, starts: 0, gameCubes: 0, ended: 0, judged: 0, matches: 0 };
  const observer: AuditObserver = {
    replay: { roll: () => void seen.rolls++, cube: () => void seen.cubes++ },
    startGame: () => ({ start: () => void seen.starts++, cube: () => void seen.gameCubes++ }),
    endGame: () => void seen.ended++,
    judged: () => void seen.judged++,
    endMatch: () => void seen.matches++,
  };
  return { seen, observer };
}

describe('audit observers', () => {
  it('each observer attached is told of every game, and the report is the one made without any', () => {
    for (const record of records()) {
      const bare = JSON.stringify(auditMatch(record));
      const a = counting();
      const b = counting();
      const report = auditMatch(record, { observe: [a.observer, b.observer] });
      expect(JSON.stringify(report)).toBe(bare);
      const games = record.games.length;
      expect(a.seen.rolls).toBeGreaterThan(0);
      expect(a.seen).toEqual(b.seen);
      expect(a.seen).toMatchObject({ starts: games, ended: games, judged: games, matches: 1 });
      expect(a.seen.gameCubes).toBe(a.seen.cubes);
    }
  });

  it('the match summary is a function of the report and what the audit tells at its end', () => {
    const summaries = auditFile(fixture('mat', NAME), NAME, fileAudit({ matchSummary: true })).map(
      (r) => 'summary' in r && r.summary,
    );
    const made = records().map((record) => {
      let end: MatchEnd | null = null;
      const report = auditMatch(record, { observe: [{ endMatch: (_r, e) => void (end = e) }] });
      return end === null ? null : matchSummary(record, report, end);
    });
    expect(made).toEqual(summaries);
    expect(made.every((s) => s !== null)).toBe(true);
  });
});
