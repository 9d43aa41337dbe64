// The cube of an SGF game is followed in one place, the replay: the importer writes each `double`
// as it is written (no value, no beaver or raccoon: SGF has words for neither), and every value
// and kind the audit judges is the replay's.
import { describe, expect, it } from 'vitest';
import { type CubeEvent, replay } from '../../src/engine/replay.js';
import { importSgf } from '../../src/import/sgf.js';
import type { GameRecord, MatchRecord, MatchReport } from '../../src/core/model.js';
import { auditMatch } from '../../src/scoring/audit.js';
import type { RuleFlags } from '../../src/scoring/rules.js';
import { fixture } from '../helpers.js';

const game = (root: string, body: string) =>
  `(;FF[4]GM[6]AP[GNU Backgammon:1.07.001]PW[Anna]PB[Boris]${root}\n${body})\n`;

function read(text: string): MatchRecord {
  const r = importSgf(text, 't.sgf');
  expect(r.errors).toEqual([]);
  expect(r.matches).toHaveLength(1);
  return r.matches[0];
}

const cubeLog = (m: MatchRecord, g: GameRecord = m.games[0]) =>
  replay(g, { variant: m.variant, marksHits: m.marksHits, players: ['Anna', 'Boris'] }).cubeLog;

/** Each cube event as `side:kind`, with what a double offers: `1:double 2`, `0:take`. */
const events = (log: CubeEvent[]) => log.map((e) => `${e.side}:${e.kind}${e.offered === null ? '' : ` ${e.offered}`}`);

const codes = (r: MatchReport) => r.findings.map((f) => f.code);

const audit = (text: string, rules?: RuleFlags) => auditMatch(read(text), { rules });

describe('sgf cube: the record holds what the file writes, the replay follows the cube', () => {
  it("a double's value is null and its kind 'double' in the record: SGF writes neither", () => {
    const m = read(game('MI[length:0]', ';B[41lpab]\n;W[double]\n;B[double]\n;W[double]\n;B[take]'));
    const doubles = m.games[0].actions.filter((a) => a.type === 'double');
    expect(doubles).toHaveLength(3);
    for (const d of doubles) expect(d).toMatchObject({ value: null, kind: 'double' });
  });

  it("a double after a take is judged by the replay's cube: each offer twice the cube taken", () => {
    const m = read(
      game('MI[length:0]', ';B[41lpab]\n;W[double]\n;B[take]\n;W[31hefe]\n;B[double]\n;W[take]\n;B[62lfxv]'),
    );
    expect(events(cubeLog(m))).toEqual(['0:double 2', '1:take', '1:double 4', '0:take']);
    const r = auditMatch(m);
    expect(r.games[0].cube).toEqual({ value: 4, owner: 0 });
    expect(codes(r)).not.toContain('cube-value');
  });

  it('a second double by the same side is no beaver: no cube-value about a value the file never wrote', () => {
    // The importer's own cube walk made this second double a 'beaver' to 4, and cube-value then
    // judged that 4 against the replay's 2: a finding about a value no one wrote.
    const m = read(game('MI[length:0]', ';B[41lpab]\n;W[double]\n;W[double]\n;B[take]'));
    expect(events(cubeLog(m))).toEqual(['0:double 2', '0:double 2', '1:take']);
    const r = auditMatch(m);
    expect(codes(r)).not.toContain('cube-value');
    expect(r.rules).toMatchObject({ beavers: false, source: { beavers: 'default' } });
    expect(r.games[0].cube).toEqual({ value: 2, owner: 1 });
  });

  it('the replay names a beaver: the first double answering the other side, whatever came before', () => {
    // White doubles twice, then Black answers: a beaver to 4 (the importer called it a raccoon to 8).
    const r = audit(game('MI[length:5]RU[Crawford]', ';B[41lpab]\n;W[double]\n;W[double]\n;B[double]\n;W[take]'));
    const beaver = r.findings.filter((f) => f.code === 'beaver-in-match');
    expect(beaver).toHaveLength(1);
    expect(beaver[0].message).toBe('Boris beavers: beavers and raccoons are for money play, not in a match');
    expect(codes(r)).not.toContain('cube-value');
    expect(r.games[0].cube).toEqual({ value: 4, owner: 1 });
  });

  it('a root CV (automatic doubles) starts the game at its value; the first double offers twice it', () => {
    const m = read(game('MI[length:0]CV[4]', ';B[41lpab]\n;W[double]\n;B[take]'));
    expect(m.games[0].setup).toEqual({ autoDoubles: 2, line: 1 });
    expect(events(cubeLog(m))).toEqual(['0:double 8', '1:take']);
    expect(auditMatch(m).games[0].cube).toEqual({ value: 8, owner: 1 });
  });

  it("a set-up CP after a root CV keeps the root's value; a set-up CV sets its own", () => {
    const owned = read(game('MI[length:0]CV[4]', ';PL[B]CP[b]\n;B[41lpab]\n;W[31hefe]\n;B[double]\n;W[take]'));
    expect(owned.games[0].setup).toEqual({ autoDoubles: 2, line: 1, onRoll: 1, cube: { value: 4, owner: 1 } });
    expect(events(cubeLog(owned))).toEqual(['1:double 8', '0:take']);
    const set = read(game('MI[length:0]CV[4]', ';CV[16]\n;CP[w]\n;B[41lpab]\n;W[double]\n;B[drop]'));
    expect(set.games[0].setup?.cube).toEqual({ value: 16, owner: 0 });
    expect(events(cubeLog(set))).toEqual(['0:double 32', '1:drop']);
    expect(auditMatch(set).games[0]).toMatchObject({ termination: 'drop', winner: 0, points: { nominal: 16 } });
  });
});

describe('sgf cube: beavers and raccoons in money play, as gnubg plays them', () => {
  const file = () => new TextDecoder().decode(fixture('sgf', 'gnubg-money-raccoon-autodouble.sgf'));

  it('an exchange of doubles is a double, a beaver and raccoons, each offering twice the last', () => {
    const m = read(file());
    expect(events(cubeLog(m))).toEqual([
      '1:double 2',
      '0:take',
      '0:double 4',
      '1:beaver 8',
      '0:raccoon 16',
      '1:raccoon 32',
      '0:take',
    ]);
    // After the raccoons the cube is 32, owned by the side doubled first (White doubled, so Black).
    const r = auditMatch(m);
    expect(r.games[0]).toMatchObject({ cube: { value: 32, owner: 1 }, doubles: 5 });
  });

  it('a beaver the replay finds says beavers were agreed; --no-beavers makes each one a finding', () => {
    const agreed = audit(file());
    expect(agreed.rules).toMatchObject({ beavers: true, source: { beavers: 'inferred' } });
    expect(codes(agreed)).not.toContain('beaver-not-allowed');
    expect(codes(agreed)).not.toContain('cube-value');
    const refused = audit(file(), { beavers: false });
    expect(refused.rules).toMatchObject({ beavers: false, source: { beavers: 'flag' } });
    expect(refused.findings.filter((f) => f.code === 'beaver-not-allowed').map((f) => f.message)).toEqual([
      'Black_driven beavers, but this session is played without beavers (--no-beavers)',
      'White_gnubg raccoons, but this session is played without beavers (--no-beavers)',
      'Black_driven raccoons, but this session is played without beavers (--no-beavers)',
    ]);
  });

  it('in a match the same exchange is beaver-in-match, and beavers are not inferred', () => {
    const r = audit(game('MI[length:7]RU[Crawford]', ';B[41lpab]\n;W[double]\n;B[double]\n;W[double]\n;B[take]'));
    expect(r.rules).toMatchObject({ beavers: false, source: { beavers: 'default' } });
    expect(r.findings.filter((f) => f.code === 'beaver-in-match').map((f) => f.message)).toEqual([
      'Boris beavers: beavers and raccoons are for money play, not in a match',
      'Anna raccoons: beavers and raccoons are for money play, not in a match',
    ]);
    expect(r.games[0].cube?.value).toBe(8);
  });
});
