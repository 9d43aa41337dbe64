// The rules a match is audited under, as data, and where each setting came from: the command
// line first, then the record's own headers, then what the record itself shows, then defaults.
import type { MatchRecord, RulesApplied } from '../model.js';

export type RuleSource = 'default' | 'header' | 'flag' | 'inferred';
export type RuleSetName = 'backgammon' | 'nardy' | 'tavla';

/** What each rule set is, before any match is looked at (RULES.md §1-6). */
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
  backgammon: { name: 'backgammon', cube: true, multipliers: [1, 2, 3], crawford: true, resignEndsMatch: false, lengths: null, openingRollSplit: true, names: null },
  nardy: { name: 'nardy', cube: false, multipliers: [1, 2, 3], crawford: false, resignEndsMatch: true, lengths: [1, 3, 5, 7], openingRollSplit: true, names: ['oin', 'mars', 'koks'] },
  tavla: { name: 'tavla', cube: false, multipliers: [1, 2, 2], crawford: false, resignEndsMatch: false, lengths: null, openingRollSplit: false, names: null },
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
}

export interface RuleFlags {
  rules?: RuleSetName;
  crawford?: boolean;
  jacoby?: boolean;
  beavers?: boolean;
  cubeLimit?: number;
}

function header(record: MatchRecord, key: string): string | undefined {
  return record.headers.find((h) => h.key.toLowerCase() === key.toLowerCase())?.value;
}

function onOff(value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  const v = value.trim().toLowerCase();
  return v === 'on' || v === 'yes' || v === 'true' ? true : v === 'off' || v === 'no' || v === 'false' ? false : undefined;
}

/**
 * Backgammon Galaxy writes a money game as a one-game "16 point match" (every such file in the
 * corpus: one game, Jacoby, points capped at 16; ../shared/formats/mat.md §4).
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

function cubeLimitFromHeaders(record: MatchRecord): number | undefined {
  if (onOff(header(record, 'Cube')) === false) return 1;
  const v = header(record, 'CubeLimit');
  const n = v === undefined ? NaN : Number(v.trim());
  return Number.isInteger(n) && n >= 1 ? n : undefined;
}

type Picked<T> = [T, RuleSource];

function pick<T>(flag: T | undefined, fromHeader: T | undefined, byDefault: T): Picked<T> {
  return flag !== undefined ? [flag, 'flag'] : fromHeader !== undefined ? [fromHeader, 'header'] : [byDefault, 'default'];
}

/** The rules before the games are looked at; `inferJacoby` in audit.ts may settle Jacoby later. */
export function rulesFor(record: MatchRecord, flags: RuleFlags = {}): RuleSet {
  const galaxyMoney = galaxyMoneyGame(record);
  const money = record.length === 0 || galaxyMoney;
  const notes = galaxyMoney ? ['read as a money game with the Jacoby rule: Backgammon Galaxy writes money games as a "16 point match"'] : [];
  const [name, nameSource] = pick<RuleSetName>(flags.rules, ruleSetFromHeaders(record), 'backgammon');
  const preset = PRESETS[name];
  const match = !money && record.length > 1;
  const [crawford, crawfordSource]: Picked<boolean> =
    preset.crawford && match ? pick(flags.crawford, onOff(header(record, 'Crawford')), true) : [false, 'default'];
  const [jacoby, jacobySource]: Picked<boolean> = !money
    ? [false, 'default']
    : galaxyMoney && flags.jacoby === undefined
      ? [true, 'inferred']
      : pick(flags.jacoby, onOff(header(record, 'Jacoby')), false);
  // Beavers: only a flag or a header forbids them; otherwise a beaver in the record says they
  // were agreed (GNU Backgammon's .mat export writes none of these settings).
  const beaverSeen = () => record.games.some((g) => g.actions.some((a) => a.type === 'double' && a.kind !== 'double'));
  const [beavers, beaversSource]: Picked<boolean> = !money
    ? [false, 'default']
    : flags.beavers !== undefined || onOff(header(record, 'Beaver')) !== undefined
      ? pick(flags.beavers, onOff(header(record, 'Beaver')), false)
      : beaverSeen()
        ? [true, 'inferred']
        : [false, 'default'];
  const [cubeLimit, cubeLimitSource] = pick<number | null>(flags.cubeLimit, cubeLimitFromHeaders(record), null);
  return {
    ...preset,
    name,
    money,
    crawford,
    jacoby,
    beavers,
    cubeLimit,
    pointsCap: galaxyMoney ? 16 : null,
    source: { name: nameSource, crawford: crawfordSource, jacoby: jacobySource, beavers: beaversSource, cubeLimit: cubeLimitSource },
    notes,
  };
}
