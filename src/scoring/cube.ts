// Whether each cube action was allowed: who may double, when, to what value, and beavers.
import type { CubeEvent } from '../engine/replay.js';
import { type CodeWith, type FindingExtra, finding } from '../core/findings.js';
import type { Finding, Side } from '../core/model.js';
import type { RuleSet } from './rules.js';
import { aOrAn, plural } from '../core/words.js';

export interface CubeContext {
  game: number;
  rules: RuleSet;
  crawfordGame: boolean;
  names: [string, string];
  /**
   * A double in the Crawford game is set aside and the game scored without it: the points the
   * record gives and the game's worth so scored, said on the first crawford-double finding.
   */
  crawfordRuling?: { recorded: number; expected: number | null };
}

export function cubeFindings(log: CubeEvent[], ctx: CubeContext): Finding[] {
  const findings: Finding[] = [];
  const add = <C extends CodeWith<'error'>>(code: C, e: CubeEvent, message: string, extra?: FindingExtra<C>) =>
    findings.push(finding(code, 'error', message, extra, { game: ctx.game, line: e.line, column: e.column }));
  const name = (s: Side) => ctx.names[s];
  for (const e of log) {
    if (!ctx.rules.cube) {
      if (e.kind !== 'take' && e.kind !== 'drop')
        add(
          'cube-not-allowed',
          e,
          `${name(e.side)} ${e.kind}s, but ${ctx.rules.name} is played without a doubling cube`,
        );
      continue;
    }
    if (e.kind === 'take' || e.kind === 'drop') continue;
    // null: past the largest cube, which the replay has reported; its value is not compared.
    const offered = e.offered;
    if (offered !== null && ctx.rules.cubeLimit !== null && offered > ctx.rules.cubeLimit) {
      add('cube-limit', e, `${name(e.side)} ${e.kind}s to ${offered}, above the cube limit of ${ctx.rules.cubeLimit}`, {
        recorded: offered,
        expected: ctx.rules.cubeLimit,
      });
    }
    if (offered !== null && e.recordedValue !== null && e.recordedValue !== offered) {
      // A value too long to hold is quoted in the message only: `recorded` holds numbers.
      add(
        'cube-value',
        e,
        `the record writes '=> ${e.recordedValue}', but doubling ${aOrAn(offered / 2)} ${offered / 2}-cube makes ${offered}`,
        {
          ...(typeof e.recordedValue === 'number' ? { recorded: e.recordedValue } : {}),
          expected: offered,
        },
      );
    }
    if (e.kind === 'beaver' || e.kind === 'raccoon') {
      if (!ctx.rules.money)
        add(
          'beaver-in-match',
          e,
          `${name(e.side)} ${e.kind}s: beavers and raccoons are for money play, not in a match`,
        );
      else if (!ctx.rules.beavers)
        add(
          'beaver-not-allowed',
          e,
          `${name(e.side)} ${e.kind}s, but this session is played without beavers (${ctx.rules.source.beavers === 'flag' ? '--no-beavers' : 'its header says so'})`,
        );
      continue;
    }
    if (ctx.crawfordGame) {
      const message = `${name(e.side)} doubles in the Crawford game, where no double is allowed; the game is scored as if it had not been made`;
      const ruling = findings.some((f) => f.code === 'crawford-double') ? undefined : ctx.crawfordRuling;
      if (ruling === undefined) add('crawford-double', e, message);
      else {
        const worth = ruling.expected === null ? '? points' : plural(ruling.expected, 'point');
        add('crawford-double', e, `${message}: ${worth}, where the record gives ${ruling.recorded}`, {
          recorded: ruling.recorded,
          expected: ruling.expected,
        });
      }
    }
    if (e.before.owner !== -1 && e.before.owner !== e.side) {
      add('cube-out-of-turn', e, `${name(e.side)} doubles, but ${name(e.before.owner)} owns the cube`);
    } else if (!e.inTurn) {
      add(
        'cube-out-of-turn',
        e,
        `${name(e.side)} doubles after rolling; a double is only allowed before one's own roll`,
      );
    }
  }
  return findings;
}

/** The cube a game is scored with when a double in the Crawford game is set aside: its value before it. */
export function cubeBeforeFirstDouble(log: CubeEvent[]): number {
  const first = log.find((e) => e.kind === 'double');
  return first ? first.before.value : 1;
}
