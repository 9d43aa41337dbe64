// The rules a match is audited under, and where each came from.
import type { MatchRecord, RulesApplied } from '../model.js';

export type RuleSource = 'default' | 'header' | 'flag' | 'inferred';

export interface RuleSet extends RulesApplied {
  /** Match play (length > 0) or money play (length 0). */
  money: boolean;
  /** Money games whose writer caps the points written (Backgammon Galaxy: 16). */
  pointsCap: number | null;
  /** How the rules were read from the record, when that is worth saying (info findings). */
  notes: string[];
  /** Where each setting came from. */
  source: { crawford: RuleSource; jacoby: RuleSource; beavers: RuleSource };
}

export interface RuleFlags {
  crawford?: boolean;
  jacoby?: boolean;
  beavers?: boolean;
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

/** Flags first, then the record's own headers, then the defaults of backgammon. */
export function rulesFor(record: MatchRecord, flags: RuleFlags = {}): RuleSet {
  const galaxyMoney = galaxyMoneyGame(record);
  const money = record.length === 0 || galaxyMoney;
  const notes = galaxyMoney ? ['read as a money game with the Jacoby rule: Backgammon Galaxy writes money games as a "16 point match"'] : [];
  const pick = (flag: boolean | undefined, fromHeader: boolean | undefined, byDefault: boolean): [boolean, RuleSource] =>
    flag !== undefined ? [flag, 'flag'] : fromHeader !== undefined ? [fromHeader, 'header'] : [byDefault, 'default'];
  // A 1-point match has no Crawford game; money play has none either.
  const [crawford, crawfordSource] = !money && record.length > 1 ? pick(flags.crawford, onOff(header(record, 'Crawford')), true) : [false, 'default' as const];
  const [jacoby, jacobySource]: [boolean, RuleSource] = galaxyMoney && flags.jacoby === undefined
    ? [true, 'inferred']
    : money ? pick(flags.jacoby, onOff(header(record, 'Jacoby')), false) : [false, 'default'];
  const [beavers, beaversSource] = money ? pick(flags.beavers, onOff(header(record, 'Beaver')), false) : [false, 'default' as const];
  return {
    name: 'backgammon',
    money,
    pointsCap: galaxyMoney ? 16 : null,
    notes,
    crawford,
    jacoby,
    beavers,
    source: { crawford: crawfordSource, jacoby: jacobySource, beavers: beaversSource },
  };
}
