// GNU Backgammon SGF (GM[6]) syntax tree → MatchRecord (docs/dialects.md).
//
// One game tree per game, its main line only (the first variation, as gnubg reads it). White
// (PW, `W[...]`) is side 0, the left column of gnubg's .mat export; Black is side 1.
import {
  SgfReader,
  firstValue,
  parseSgf,
  texts,
  valueText,
  type SgfNode,
  type SgfProperty,
  type SgfTree,
} from '../../grammars/sgf.js';
import { checkersPerSide, overfullSide, startPosition } from '../engine/board.js';
import { ParseErrorList, parseError } from './parse-error.js';
import type { Count } from '../../grammars/mat-nodes.js';
import { quoteDigits, wholeNumber } from '../../grammars/numbers.js';
import { JoinedText, SourceText, WindowText } from '../read/source-text.js';
import { MAX_CUBE, MAX_GAME_NUMBER, MAX_POINTS, outOfRange, quoted, within } from '../core/limits.js';
import type {
  Action,
  Finding,
  GameRecord,
  GameSetup,
  Header,
  MatchRecord,
  ParseError,
  RecordedResult,
  Side,
  Variant,
} from '../core/model.js';
import { itemAt } from '../core/at.js';

type Errors = ParseErrorList;

/** The first value's text: the only one most properties have (not every value built for it). */
const first = (text: string, p: SgfProperty) => valueText(text, firstValue(text, p));

/** What one game tree says, before games are grouped into matches. */
interface GameRead {
  game: GameRecord;
  app: string;
  /** As written (MI `length:`), checked against its bound when the match is made. */
  length: Count | null;
  /** Where MI stands, for a finding about its length. */
  lengthAt: { line: number; column: number };
  rawNumber: number | null;
  /** Numbers past their bounds in this game, without its number until the match numbers its games. */
  findings: Finding[];
  rules: string[];
  rulesLine: number;
  headers: Header[];
}

const VARIANTS: Record<string, [Variant, string]> = {
  Nackgammon: ['nackgammon', 'NackGammon'],
  Hypergammon1: ['hypergammon1', 'HyperGammon (1)'],
  Hypergammon2: ['hypergammon2', 'HyperGammon (2)'],
  Hypergammon3: ['hypergammon3', 'HyperGammon (3)'],
};
/** Root text properties kept as headers, under the names gnubg's .mat export gives them. */
const HEADER_NAMES: Record<string, string> = {
  EV: 'Event',
  RO: 'Round',
  PC: 'Site',
  AN: 'Transcriber',
  GC: 'Comment',
  DT: 'EventDate',
  WR: 'Player 1 Elo', // White's rating: side 0
  BR: 'Player 2 Elo',
};

/** The nodes of the main line: the tree's own, then its first variation's, and so on. */
function mainLine(tree: SgfTree): SgfNode[] {
  const nodes: SgfNode[] = [];
  for (let t: SgfTree | undefined = tree; t; t = t.children[0]) for (const n of t.nodes) nodes.push(n);
  return nodes;
}

/** Line and column of `offset` inside property `p`: counted from where `p` starts, not from the top of the file. */
function placeIn(text: string, p: SgfProperty, offset: number): { line: number; column: number } {
  let line = p.line;
  let lineStart = p.offset - (p.column - 1);
  for (let i = p.offset; i < offset; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** `RE[W+2]`, `RE[B+3R]`, Gibbon's `RE[W+2Resign]`; `0`, `?`, `Void`, `Draw` and empty are no result. */
function resultOf(text: string, p: SgfProperty, errors: Errors, findings: Finding[]): RecordedResult | null {
  const v = first(text, p).trim();
  const m = /^([BW])\+(\d*)(R)?/i.exec(v);
  if (!m) {
    if (!/^(?:0|\?|void|draw|)$/i.test(v))
      errors.push(parseError(p.line, p.column, "a result such as 'W+2' or 'B+3R'", `'${v}'`));
    return null;
  }
  const winner: Side = itemAt(m, 1).toUpperCase() === 'W' ? 0 : 1;
  const written = wholeNumber(m[2] || '1');
  const points = within(written, MAX_POINTS);
  if (points === null)
    findings.push(
      outOfRange(
        `the result ${m[1]}+${quoted(written)} gives more points than any game can be worth (at most ${MAX_POINTS}); the points are unknown`,
        p,
      ),
    );
  return {
    winner,
    points: points === null ? null : Math.max(1, points),
    andMatch: false,
    resigned: m[3] !== undefined,
    line: p.line,
    column: p.column,
  };
}

/** A cube value as gnubg accepts it: a power of 2 up to 4096 (MAX_CUBE); a larger number is out of range. */
function cubeValue(text: string, p: SgfProperty, errors: Errors, findings: Finding[]): number | null {
  const v = first(text, p).trim();
  const n = /^\d+$/.test(v) ? wholeNumber(v) : NaN;
  if (typeof n === 'string' || n > MAX_CUBE) {
    findings.push(
      outOfRange(
        `the cube value ${quoted(n)} in CV is larger than any cube can be (at most ${MAX_CUBE}); it is not used`,
        p,
      ),
    );
    return null;
  }
  if (n >= 1 && (n & (n - 1)) === 0) return n;
  errors.push(parseError(p.line, p.column, `a cube value: a power of 2 up to ${MAX_CUBE}`, `'${first(text, p)}'`));
  return null;
}

/** A point letter in `side`'s own numbering: a-x the points, y the bar (25), z off (0); -1 for anything else. */
function pointOf(code: number, side: Side): number {
  if (code === 121) return 25;
  if (code === 122) return 0;
  if (code < 97 || code > 120) return -1;
  return side === 0 ? code - 96 : 121 - code;
}

/** Letters of a point list value: `c`, or a range `a:y`. */
function lettersOf(value: string): number[] {
  const m = /^\s*([a-z])(?::([a-z]))?\s*$/.exec(value);
  if (!m) return [];
  const from = itemAt(m, 1).charCodeAt(0);
  const to = m[2] ? m[2].charCodeAt(0) : from;
  const codes: number[] = [];
  for (let c = from; c <= to; c++) codes.push(c);
  return codes;
}

/** Applies AE / AW / AB to the board of a set-up, kept in each side's own numbering. */
function setBoard(text: string, p: SgfProperty, sides: [number[], number[]]): void {
  for (const v of texts(text, p)) {
    for (const code of lettersOf(v)) {
      if (p.name === 'AE') {
        if (code === 121) sides[0][25] = sides[1][25] = 0;
        else if (code !== 122) sides[0][pointOf(code, 0)] = sides[1][pointOf(code, 1)] = 0;
      } else if (code !== 122)
        sides[p.name === 'AW' ? 0 : 1][pointOf(code, p.name === 'AW' ? 0 : 1)] =
          itemAt(sides[p.name === 'AW' ? 0 : 1], pointOf(code, p.name === 'AW' ? 0 : 1)) + 1;
    }
  }
}

const DICE = /^[1-6][1-6]/;

/**
 * Reads the actions of one game's nodes: moves, cube actions, set-up before the first move, comments.
 * It keeps no cube: SGF writes every offer as `double`, with no value and no word for a beaver, so a
 * double's value is null and its kind 'double'; the replay alone follows the cube and tells which
 * double answers another (a beaver, a raccoon) and what each offers.
 */
class GameReader {
  readonly actions: Action[] = [];
  setup: GameSetup | null = null;
  private sides: [number[], number[]] | null = null;
  private diceAt: { node: number; dice: string } | null = null;
  /** A move right after `PL[X]DI[dd]` with the same dice: gnubg's placeholder for a roll not yet played. */
  placeholder: Action | null = null;

  constructor(
    private readonly text: string,
    private readonly game: GameRecord,
    private readonly variant: Variant,
    private readonly errors: Errors,
    private readonly findings: Finding[],
  ) {}

  /** `CV` in a game's root: the cube turned by automatic doubles before the game starts. */
  startCube(value: number, line: number): void {
    this.setup = { autoDoubles: Math.log2(value), line };
  }

  node(node: SgfNode, index: number): void {
    let moved = false;
    for (const p of node.properties) {
      if (this.game.unreadableFrom !== null && p.line >= this.game.unreadableFrom) return;
      switch (p.name) {
        case 'B':
        case 'W':
          if (moved) this.errors.push(parseError(p.line, p.column, 'one move per node', `a second move '${p.name}'`));
          else this.move(p, p.name === 'W' ? 0 : 1, index);
          moved = true;
          break;
        case 'C':
          this.game.comments.push({ text: first(this.text, p), line: p.line });
          break;
        case 'DI':
          this.diceAt = { node: index, dice: first(this.text, p).slice(0, 2) };
          break;
        case 'CV': // in the root: automatic doubles, read with the root
          if (index > 0) this.setupProperty(p);
          break;
        case 'AE':
        case 'AW':
        case 'AB':
        case 'PL':
        case 'CP':
          this.setupProperty(p);
          break;
      }
    }
  }

  private setupProperty(p: SgfProperty): void {
    if (this.actions.length > 0) {
      if (p.name === 'PL') return;
      this.errors.push(
        parseError(
          p.line,
          p.column,
          'a move or a cube action (a position set up after the first move cannot be followed)',
          `'${p.name}'`,
        ),
      );
      this.game.unreadableFrom = p.line;
      return;
    }
    const setup = (this.setup ??= { line: p.line });
    if (p.name === 'PL') setup.onRoll = /^\s*B/.test(first(this.text, p)) ? 1 : 0;
    else if (p.name === 'CV') {
      const value = cubeValue(this.text, p, this.errors, this.findings);
      if (value !== null) setup.cube = { value, owner: setup.cube?.owner ?? -1 };
    } else if (p.name === 'CP') {
      const owner = ({ c: -1, w: 0, b: 1 } as const)[first(this.text, p).trim() as 'c' | 'w' | 'b'];
      // The value as written: a set-up CV before it, else the root's CV, else 1.
      if (owner !== undefined) setup.cube = { value: setup.cube?.value ?? 2 ** (setup.autoDoubles ?? 0), owner };
    } else {
      if (!this.sides) {
        const start = startPosition(this.variant);
        this.sides = [Array.from(start.sides[0]), Array.from(start.sides[1])];
      }
      setBoard(this.text, p, this.sides);
      const overfull = overfullSide(this.sides, this.variant);
      if (overfull !== null) {
        const name = overfull === 0 ? 'White' : 'Black';
        this.errors.push(
          parseError(
            p.line,
            p.column,
            `a position of at most ${checkersPerSide(this.variant)} checkers a side`,
            `more for ${name}`,
          ),
        );
        this.game.unreadableFrom = p.line;
        delete setup.sides;
        return;
      }
      const checkers = checkersPerSide(this.variant);
      for (const side of this.sides) side[0] = Math.max(0, checkers - side.slice(1).reduce((a, b) => a + b, 0));
      setup.sides = this.sides;
    }
  }

  private move(p: SgfProperty, side: Side, index: number): void {
    const value = firstValue(this.text, p);
    const v = this.text.slice(value.from, value.to);
    const at = { side, line: p.line, column: p.column };
    if (v === 'double') this.actions.push({ type: 'double', ...at, value: null, kind: 'double' });
    else if (v === 'take' || v === 'drop') this.actions.push({ type: v, ...at });
    else if (/^resign:\d+$/.test(v))
      this.actions.push({ type: 'resign', ...at, points: this.resignPoints(p, v.slice(7)) });
    else if (v === 'reject') {
      if (this.actions[this.actions.length - 1]?.type === 'resign') this.actions.pop();
    } else if (v !== 'accept') this.roll(p, v, value.from, at, index);
  }

  private resignPoints(p: SgfProperty, digits: string): number | null {
    const points = within(wholeNumber(digits), MAX_POINTS);
    if (points === null)
      this.findings.push(
        outOfRange(
          `'resign:${quoteDigits(digits)}' is more points than any game can be worth (at most ${MAX_POINTS}); the points are unknown`,
          p,
        ),
      );
    return points;
  }

  private roll(
    p: SgfProperty,
    v: string,
    from: number,
    at: { side: Side; line: number; column: number },
    index: number,
  ): void {
    const dice = DICE.exec(v);
    const moves = [];
    let k = 2;
    for (; dice && k + 1 < v.length; k += 2) {
      const a = pointOf(v.charCodeAt(k), at.side);
      const b = pointOf(v.charCodeAt(k + 1), at.side);
      if (a <= 0 || b < 0 || b === 25) break;
      moves.push({ points: [a, b], hits: [false], repeat: 1 });
    }
    if (!dice || k < v.length) {
      const where = placeIn(this.text, p, from + (dice ? k : 0));
      const expected = dice
        ? 'a pair of point letters: a-x or y (the bar), then a-x or z (off)'
        : "two dice from 1 to 6 and point-letter pairs (like '41lpab'), or 'double', 'take', 'drop'";
      this.errors.push(
        parseError(where.line, where.column, expected, v === '' ? 'an empty value' : `'${dice ? v.slice(k) : v}'`),
      );
      this.game.unreadableFrom = p.line;
      return;
    }
    const roll: Action = { type: 'roll', ...at, dice: [Number(v[0]), Number(v[1])], moves, marker: null };
    if (this.diceAt?.node === index - 1 && this.diceAt.dice === v.slice(0, 2)) this.placeholder = roll;
    this.actions.push(roll);
  }
}

function numberTag(values: string[], tag: string): Count | null {
  for (const v of values) {
    const m = /^\s*(\w+)\s*:\s*(\d+)\s*$/.exec(v);
    if (m && itemAt(m, 1).toLowerCase() === tag) return wholeNumber(itemAt(m, 2));
  }
  return null;
}

/** An MI number checked against its bound: null (and a finding) past it. */
function boundedTag(
  values: string[],
  tag: string,
  max: number,
  what: string,
  p: SgfProperty,
  findings: Finding[],
): number | null {
  const v = numberTag(values, tag);
  if (v === null) return null;
  const n = within(v, max);
  if (n === null)
    findings.push(
      outOfRange(`MI ${tag}:${quoted(v)} is larger than any ${what} can be (at most ${max}); it is unknown`, p),
    );
  return n;
}

function readGame(text: string, tree: SgfTree, errors: Errors, unreadableFrom: number | null): GameRead {
  const nodes = mainLine(tree);
  const root = itemAt(nodes, 0);
  const game: GameRecord = {
    number: 0,
    line: tree.line,
    players: ['', ''],
    startScore: null,
    actions: [],
    result: null,
    comments: [],
    unreadableFrom,
  };
  const read: GameRead = {
    game,
    app: '',
    length: null,
    lengthAt: root,
    rawNumber: null,
    findings: [],
    rules: [],
    rulesLine: root.line,
    headers: [],
  };
  let rootCube: SgfProperty | null = null;
  for (const p of root.properties) {
    if (p.name === 'MI') {
      const mi = texts(text, p);
      read.length = numberTag(mi, 'length');
      read.lengthAt = p;
      read.rawNumber = boundedTag(mi, 'game', MAX_GAME_NUMBER, 'game number', p, read.findings);
      const ws = numberTag(mi, 'ws') === null ? 0 : boundedTag(mi, 'ws', MAX_POINTS, 'score', p, read.findings);
      const bs = numberTag(mi, 'bs') === null ? 0 : boundedTag(mi, 'bs', MAX_POINTS, 'score', p, read.findings);
      game.startScore = ws === null || bs === null ? null : [ws, bs];
    } else if (p.name === 'RU') {
      read.rules = first(text, p)
        .split(':')
        .map((t) => t.trim());
      read.rulesLine = p.line;
    } else if (p.name === 'PW' || p.name === 'PB') game.players[p.name === 'PW' ? 0 : 1] = first(text, p);
    else if (p.name === 'RE') game.result = resultOf(text, p, errors, read.findings);
    else if (p.name === 'CV') rootCube = p;
    else if (p.name === 'AP') read.app = first(text, p);
    else {
      const key = HEADER_NAMES[p.name];
      if (!key) continue;
      const value = p.name === 'DT' ? first(text, p).replace(/^(\d{4})-(\d\d)-(\d\d)$/, '$1.$2.$3') : first(text, p);
      read.headers.push({ key, value, line: p.line });
    }
  }
  const variant = read.rules.map((t) => VARIANTS[t]?.[0]).find(Boolean) ?? 'backgammon';
  const reader = new GameReader(text, game, variant, errors, read.findings);
  if (rootCube) {
    const value = cubeValue(text, rootCube, errors, read.findings);
    if (value !== null && value > 1) reader.startCube(value, rootCube.line);
  }
  nodes.forEach((node, k) => reader.node(node, k));
  game.actions = reader.actions;
  game.setup = reader.setup;
  const last = game.actions[game.actions.length - 1];
  if (game.result === null && last && last === reader.placeholder && last.type === 'roll') {
    game.actions.pop();
    game.comments.push({
      text: `${last.side === 0 ? 'White' : 'Black'} rolled ${last.dice.join('')} and has not moved yet`,
      line: last.line,
    });
  }
  return read;
}

/** Starts a new match when the game numbers start again or the length changes. */
function sameMatch(prev: GameRead, next: GameRead): boolean {
  if (prev.length !== next.length) return false;
  return prev.rawNumber === null || next.rawNumber === null || next.rawNumber > prev.rawNumber;
}

function matchOf(reads: GameRead[], file: string, index: number, numbersFrom: 0 | 1 | undefined): MatchRecord {
  const head = itemAt(reads, 0);
  const length = head.length === null ? 0 : within(head.length, MAX_POINTS);
  const findings: Finding[] = [];
  if (head.length !== null && length === null) {
    const message = `MI length:${quoted(head.length)} is larger than any match can be (at most ${MAX_POINTS} points); the length is unknown, so the match score is not followed`;
    findings.push(outOfRange(message, head.lengthAt));
  }
  const rules = new Set(reads.flatMap((r) => r.rules));
  const line = head.rulesLine;
  const headers: Header[] = [...head.headers];
  if (length !== 0) headers.push({ key: 'Crawford', value: rules.has('Crawford') ? 'On' : 'Off', line });
  if (rules.has('Jacoby') || length === 0)
    headers.push({ key: 'Jacoby', value: rules.has('Jacoby') ? 'On' : 'Off', line });
  if (rules.has('NoCube')) headers.push({ key: 'Cube', value: 'Off', line });
  const variant = [...rules].map((t) => VARIANTS[t]).find(Boolean);
  if (variant) headers.push({ key: 'Variation', value: variant[1], line });
  const players = head.game.players;
  reads.forEach((r, k) => {
    r.game.number = r.rawNumber === null || numbersFrom === undefined ? k + 1 : r.rawNumber + 1 - numbersFrom;
    if (!r.game.players[0] && !r.game.players[1]) r.game.players = [...players];
    if (r.findings.length > 0)
      r.game.findings = r.findings.map((f) =>
        outOfRange(f.message, { line: f.line ?? r.game.line, column: f.column, game: r.game.number }),
      );
  });
  return {
    file,
    format: 'sgf',
    index,
    line: head.game.line,
    players: [...players],
    length,
    headers,
    variant: variant?.[0] ?? 'backgammon',
    games: reads.map((r) => r.game),
    gameNumbersFrom: numbersFrom,
    marksHits: false,
    ...(findings.length > 0 ? { findings } : {}),
  };
}

const isBackgammon = (text: string, tree: SgfTree) =>
  itemAt(tree.nodes, 0).properties.some((p) => p.name === 'GM' && parseInt(first(text, p).trim(), 10) === 6);

export function importSgf(text: string, file: string): { matches: MatchRecord[]; errors: ParseError[] } {
  const syntax = parseSgf(text);
  const errors = new ParseErrorList();
  for (const e of syntax.errors) errors.push(parseError(e.line, e.column, e.expected, e.found));
  if (syntax.unlisted) errors.addUnlisted(syntax.unlisted);
  // A syntax error inside a game tree (not between trees): the game is read up to its line and
  // not past it, as a .mat game is read up to its first unreadable line.
  const reads: GameRead[] = [];
  syntax.trees.forEach((t, k) => {
    if (t.nodes.length > 0 && isBackgammon(text, t))
      reads.push(readGame(text, t, errors, itemAt(syntax.errorLines, k)));
  });
  if (reads.length === 0 && syntax.errors.length === 0) {
    const found = syntax.trees.length === 0 ? 'no game tree' : 'no game tree with GM[6] in its first node';
    errors.push(parseError(1, 1, 'a backgammon game tree: (;GM[6]...)', found));
  }
  // GNU Backgammon, Gibbon and BackgammonMobile number games from 0; the SGF standard from 1.
  const numbered = reads.filter((r) => r.rawNumber !== null);
  const zeroBased =
    numbered.some((r) => r.rawNumber === 0) || /GNU Backgammon|gibbon|BackgammonMobile/i.test(reads[0]?.app ?? '');
  const numbersFrom = numbered.length === 0 ? undefined : zeroBased ? 0 : 1;
  const groups: GameRead[][] = [];
  reads.forEach((r, k) =>
    k > 0 && sameMatch(itemAt(reads, k - 1), r) ? itemAt(groups, groups.length - 1).push(r) : groups.push([r]),
  );
  const matches = groups.map((g, k) => matchOf(g, file, k + 1, numbersFrom));
  return { matches, errors: errors.list() };
}

/** A game tree read, with the text its offsets are in and the text the audit reads its lines from. */
export interface PlacedTree {
  tree: SgfTree;
  text: string;
  source: SourceText;
}

/** Game trees one at a time, in file order; null at the end or once a syntax error is met (`clean` is then false). */
export interface TreeSource {
  next(): PlacedTree | null;
  readonly clean: boolean;
}

/** The game trees of a whole text. */
export function wholeTrees(text: string): TreeSource {
  const reader = new SgfReader(text);
  const source = new SourceText(text);
  return {
    next: () => {
      const tree = reader.next();
      return tree === null ? null : { tree, text, source };
    },
    get clean() {
      return reader.clean;
    },
  };
}

interface Taken {
  read: GameRead;
  source: SourceText;
}

/** The text a match's games are read from: one window's, or those of the windows they are in. */
function sourceOf(group: Taken[]): SourceText {
  const windows: SourceText[] = [];
  for (const t of group) if (windows[windows.length - 1] !== t.source) windows.push(t.source);
  if (windows.length === 1) return itemAt(windows, 0);
  return new JoinedText(windows.filter((w): w is WindowText => w instanceof WindowText));
}

/**
 * The matches of an SGF collection one at a time, each as `importSgf` makes it, from a reader that
 * reads one game tree at a time. A match is given once the game tree after its last
 * game is read. It needs what `importSgf` decides for the whole file: how games are numbered
 * (from 0 if any game says game 0, or by the writer of the first): a match waits until a game
 * with a number is read, and a game 0 after a match given otherwise is a file to read whole, as
 * are a syntax error, an error in a game and a file with no backgammon game tree (`whole`).
 */
export class SgfMatches {
  private readonly waiting: Taken[][] = [];
  private group: Taken[] | null = null;
  private first: GameRead | null = null;
  private numbered = false;
  private zeroBased = false;
  private given = 0;
  private ended = false;
  /** The file cannot be read game tree by game tree: read it with `importSgf`. */
  whole = false;
  /** The text the last match given was read from (its lines, for the audit). */
  source: SourceText = new SourceText('');

  constructor(
    private readonly trees: TreeSource,
    private readonly file: string,
  ) {}

  /** The next match, or null at the end (or when `whole` is set). */
  next(): MatchRecord | null {
    for (;;) {
      if (this.whole) return null;
      if (this.waiting.length > 0 && (this.numbered || this.ended)) return this.give(this.waiting.shift() ?? []);
      if (this.ended) return null;
      const placed = this.trees.next();
      if (placed === null) {
        this.ended = true;
        if (!this.trees.clean || this.first === null) this.whole = true;
        else if (this.group !== null) this.waiting.push(this.group);
        this.group = null;
        continue;
      }
      const { tree, text, source } = placed;
      if (tree.nodes.length === 0 || !isBackgammon(text, tree)) continue;
      const errors = new ParseErrorList();
      const read = readGame(text, tree, errors, null);
      if (errors.list().length > 0) {
        this.whole = true;
        continue;
      }
      this.take({ read, source });
    }
  }

  private take(taken: Taken): void {
    const { read } = taken;
    if (this.first === null) {
      this.first = read;
      this.zeroBased = /GNU Backgammon|gibbon|BackgammonMobile/i.test(read.app);
    }
    if (read.rawNumber !== null) {
      if (read.rawNumber === 0 && !this.zeroBased) {
        if (this.given > 0 && this.numbered) this.whole = true; // given matches were numbered from 1
        this.zeroBased = true;
      }
      this.numbered = true;
    }
    if (this.group !== null && sameMatch(itemAt(this.group, this.group.length - 1).read, read)) this.group.push(taken);
    else {
      if (this.group !== null) this.waiting.push(this.group);
      this.group = [taken];
    }
  }

  private give(group: Taken[]): MatchRecord {
    this.given++;
    const numbersFrom = this.numbered ? (this.zeroBased ? 0 : 1) : undefined;
    this.source = sourceOf(group);
    return matchOf(
      group.map((t) => t.read),
      this.file,
      this.given,
      numbersFrom,
    );
  }
}
