// The rules a match is audited under, as data, and where each setting came from: the command
// line first, then the record's own headers, then what the record itself shows, then defaults.
import { wholeNumber } from '../../grammars/numbers.js';
import { outOfRange } from '../core/limits.js';
import type { Finding, Header, MatchRecord, RuleSource, RulesApplied } from '../core/model.js';

export type RuleSetName = 'backgammon' | 'nardy' | 'tavla';

/** What each rule set is, before any match is looked at (docs/scoring.md). */
export interface RuleSetPreset {
  name: RuleSetName;
  /** There is a doubling cube at all. */
  cube: boolean;
  /** Points per single, gammon, backgammon. */
  multipliers: [number, number, number];
  /** The Crawford rule applies in match play. */
  crawford: boolean;
  /** A resignation ends the whole match (nardy). */
  resignEndsMatch: boolean;
  /** Allowed match lengths; null: any. */
  lengths: number[] | null;
  /** The opening roll is one die each, so never a double. */
  openingRollSplit: boolean;
  /** Local names of single, gammon, backgammon. */
  names: [string, string, string] | null;
}

export const PRESETS: Record<RuleSetName, RuleSetPreset> = {
  backgammon: {
    name: 'backgammon',
    cube: true,
    multipliers: [1, 2, 3],
    crawford: true,
    resignEndsMatch: false,
    lengths: null,
    openingRollSplit: true,
    names: null,
  },
  nardy: {
    name: 'nardy',
    cube: false,
    multipliers: [1, 2, 3],
    crawford: false,
    resignEndsMatch: true,
    lengths: [1, 3, 5, 7],
    openingRollSplit: true,
    names: ['oin', 'mars', 'koks'],
  },
  tavla: {
    name: 'tavla',
    cube: false,
    multipliers: [1, 2, 2],
    crawford: false,
    resignEndsMatch: false,
    lengths: null,
    openingRollSplit: false,
    names: null,
  },
};

export interface RuleSet extends RulesApplied, Omit<RuleSetPreset, 'crawford' | 'name'> {
  /** Money play (match length 0, or a writer's way of writing a money game). */
  money: boolean;
  /** Highest cube value allowed; null: none. */
  cubeLimit: number | null;
  /** Money games whose writer caps the points written (Backgammon Galaxy: 16). */
  pointsCap: number | null;
  /** Where each setting came from. */
  source: { name: RuleSource; crawford: RuleSource; jacoby: RuleSource; beavers: RuleSource; cubeLimit: RuleSource };
  /** How the rules were read from the record, when that is worth saying (info findings). */
  notes: string[];
  /** A header value the rules could not take (a number past what can be held). */
  findings?: Finding[];
}

export interface RuleFlags {
  rules?: RuleSetName;
  crawford?: boolean;
  jacoby?: boolean;
  beavers?: boolean;
  cubeLimit?: number;
}

/** The first header with this key, compared without regard to case (and without allocating). */
function headerEntry(record: MatchRecord, key: string): Header | undefined {
  for (const h of record.headers) {
    if (h.key.length !== key.length) continue;
    let same = true;
    for (let k = 0; k < key.length && same; k++) same = (h.key.charCodeAt(k) | 32) === (key.charCodeAt(k) | 32);
    if (same) return h;
  }
  return undefined;
}

/** That header's value. */
function header(record: MatchRecord, key: string): string | undefined {
  return headerEntry(record, key)?.value;
}

function onOff(value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  const v = value.trim().toLowerCase();
  return v === 'on' || v === 'yes' || v === 'true'
    ? true
    : v === 'off' || v === 'no' || v === 'false'
      ? false
      : undefined;
}

/**
 * Backgammon Galaxy writes a money game as a one-game "16 point match" (every such file in the
 * corpus: one game, Jacoby, points capped at 16; docs/dialects.md).
 */
function galaxyMoneyGame(record: MatchRecord): boolean {
  return record.length === 16 && record.games.length === 1 && /backgammon ?galaxy/i.test(header(record, 'Site') ?? '');
}

function ruleSetFromHeaders(record: MatchRecord): RuleSetName | undefined {
  const v = (header(record, 'Variation') ?? header(record, 'Rules') ?? '').toLowerCase();
  if (/nard/.test(v)) return 'nardy';
  if (/tavla|tavli/.test(v)) return 'tavla';
  return undefined;
}

function cubeLimitFromHeaders(record: MatchRecord, findings: Finding[]): number | undefined {
  if (onOff(header(record, 'Cube')) === false) return 1;
  const limit = headerEntry(record, 'CubeLimit');
  const v = limit?.value.trim();
  if (limit && v !== undefined && /^\d+$/.test(v)) {
    // Any limit a number holds exactly is taken as written; a longer one cannot be compared with anything.
    const n = wholeNumber(v);
    if (typeof n === 'number') return n >= 1 ? n : undefined;
    findings.push(
      outOfRange(
        `the cube limit ${n} in [CubeLimit] is larger than any number bgaudit can hold (at most ${Number.MAX_SAFE_INTEGER}); no cube limit is applied`,
        { line: limit.line },
      ),
    );
    return undefined;
  }
  const n = v === undefined ? NaN : Number(v);
  return Number.isInteger(n) && n >= 1 && n <= Number.MAX_SAFE_INTEGER ? n : undefined;
}

/** The first that says: the flag, the header, or the default. */
function sourceOf(flag: unknown, fromHeader: unknown): RuleSource {
  return flag !== undefined ? 'flag' : fromHeader !== undefined ? 'header' : 'default';
}

/** The rules before the games are looked at; `inferJacoby` in audit.ts may settle Jacoby later. */
export function rulesFor(record: MatchRecord, flags: RuleFlags = {}): RuleSet {
  const galaxyMoney = galaxyMoneyGame(record);
  const money = record.length === 0 || galaxyMoney;
  const source: RuleSet['source'] = {
    name: 'default',
    crawford: 'default',
    jacoby: 'default',
    beavers: 'default',
    cubeLimit: 'default',
  };

  const nameHeader = ruleSetFromHeaders(record);
  const name = flags.rules ?? nameHeader ?? 'backgammon';
  source.name = sourceOf(flags.rules, nameHeader);
  const preset = PRESETS[name];

  let crawford = false;
  if (preset.crawford && !money && record.length !== null && record.length > 1) {
    const fromHeader = onOff(header(record, 'Crawford'));
    crawford = flags.crawford ?? fromHeader ?? true;
    source.crawford = sourceOf(flags.crawford, fromHeader);
  }

  let jacoby = false;
  if (money && galaxyMoney && flags.jacoby === undefined) {
    jacoby = true;
    source.jacoby = 'inferred';
  } else if (money) {
    const fromHeader = onOff(header(record, 'Jacoby'));
    jacoby = flags.jacoby ?? fromHeader ?? false;
    source.jacoby = sourceOf(flags.jacoby, fromHeader);
  }

  // Beavers: only a flag or a header forbids them; otherwise a beaver in the record says they
  // were agreed (GNU Backgammon's .mat export writes none of these settings).
  let beavers = false;
  if (money) {
    const fromHeader = onOff(header(record, 'Beaver'));
    if (flags.beavers !== undefined || fromHeader !== undefined) {
      beavers = flags.beavers ?? fromHeader ?? false;
      source.beavers = sourceOf(flags.beavers, fromHeader);
    } else if (record.games.some((g) => g.actions.some((a) => a.type === 'double' && a.kind !== 'double'))) {
      beavers = true;
      source.beavers = 'inferred';
    }
  }

  const findings: Finding[] = [];
  const limitHeader = cubeLimitFromHeaders(record, findings);
  const cubeLimit = flags.cubeLimit ?? limitHeader ?? null;
  source.cubeLimit = sourceOf(flags.cubeLimit, limitHeader);

  return {
    name,
    variant: record.variant,
    cube: preset.cube,
    multipliers: preset.multipliers,
    resignEndsMatch: preset.resignEndsMatch,
    lengths: preset.lengths,
    openingRollSplit: preset.openingRollSplit,
    names: preset.names,
    money,
    crawford,
    jacoby,
    beavers,
    cubeLimit,
    pointsCap: galaxyMoney ? 16 : null,
    source,
    notes: galaxyMoney
      ? ['read as a money game with the Jacoby rule: Backgammon Galaxy writes money games as a "16 point match"']
      : [],
    ...(findings.length > 0 ? { findings } : {}),
  };
}
