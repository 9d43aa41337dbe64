// SGF (FF[4]) as syntax only: a collection of game trees, trees of nodes, nodes of properties,
// each property with one or more `[...]` values. What a property means is the importer's business.
//
// Analysis properties (`A[]`, `DA[]`, `GS[]`…) make up most of a GNU Backgammon file, so a
// property's values are taken by one sticky regexp over all of them and kept only as a span of
// offsets: no string is built for a value until `propertyValues` is asked for it. The grammar is
// lenient: what it cannot read becomes an error (line, column, expected, found) and parsing goes
// on at the next node, tree or property.
import P from 'parsimmon';
import { LineCursor, LineIndex, MAX_LISTED_ERRORS, foundAt, sticky, type Unlisted } from './primitives.js';
import { firstAtLeast } from '../src/core/sorted.js';
import { itemAt } from '../src/core/at.js';

/** Where a piece of the file starts: offset, and 1-based line and column. */
interface SgfPlace {
  offset: number;
  line: number;
  column: number;
}

export interface SgfProperty extends SgfPlace {
  /** The identifier's upper-case letters: `PlayerWhite` (FF[3] style) is `PW`. */
  name: string;
  /** The values' span: from the first `[` to just after the last `]`. */
  from: number;
  to: number;
}

export interface SgfNode extends SgfPlace {
  /** Shared by the nodes that have none: never changed. */
  properties: readonly SgfProperty[];
}

export interface SgfTree extends SgfPlace {
  /** Offset of its closing `)`, or of where one was expected. */
  end: number;
  nodes: SgfNode[];
  /** Variations; the first is the main line. */
  children: SgfTree[];
}

interface SgfError extends SgfPlace {
  expected: string;
  found: string;
}

export interface SgfSyntax {
  trees: SgfTree[];
  /** The first MAX_LISTED_ERRORS syntax errors in file order (primitives.ts). */
  errors: SgfError[];
  /** The syntax errors past those: counted, not kept. */
  unlisted: Unlisted | null;
  /** For each of `trees`: the line of the first syntax error inside it (listed or not), or null. */
  errorLines: (number | null)[];
  lineCount: number;
}

/** Values of one property, each as the offsets of its text between the brackets. */
export interface SgfValue {
  from: number;
  to: number;
}

/** A place the grammar could not read, kept in the tree until `place` lists it. */
interface Bad {
  bad: true;
  offset: number;
  expected: string;
  /** Set for errors whose `found` is not what stands at the offset (the end of the file). */
  found?: string;
  /** Where the value or tree that is left open starts: `expected` names it as `{start}`. */
  opensAt?: number;
}

const VALUE = String.raw`\[[^\]\\]*(?:\\[\s\S][^\]\\]*)*\]`;
const VALUE_RE = new RegExp(VALUE, 'y');
const VALUES_RE = new RegExp(String.raw`${VALUE}(?:\s*${VALUE})*`, 'y');
const IDENT_RE = /[a-z]*[A-Z][A-Za-z]*/y;
/** Inside a node: anything up to the next property, node, tree or value. */
const JUNK_RE = /[^;()[A-Z]+/y;
/** Between nodes anything but structure is junk, values included. */
const TREE_JUNK_RE = new RegExp(String.raw`(?:[^;()[]|${VALUE})+`, 'y');
const NODE_EXPECTED = "a property such as 'B[...]', ';', '(' or ')'";

const bad = (offset: number, expected: string, found?: string, opensAt?: number): Bad => ({
  bad: true,
  offset,
  expected,
  found,
  opensAt,
});
const isBad = (x: object): x is Bad => (x as Partial<Bad>).bad === true;

/**
 * Errors kept in the tree as they are found, up to this many (ten times the listed ones: the
 * end of a tree adds errors before places already passed); past it only their offsets are
 * kept, in `spilled`, to be counted. A file of 8 million `;1` nodes held an error object for
 * each.
 */
const MAX_KEPT = 10 * MAX_LISTED_ERRORS;

/**
 * One parse's working state, made by `parseSgf` and handed to every reader and rule that reads
 * or writes it; nothing of it outlives the call.
 */
interface SgfScratch {
  /** Errors kept in the tree so far (up to MAX_KEPT). */
  kept: number;
  /** The offsets of the errors past those, `spilledCount` of them (grown by doubling). */
  spilled: Int32Array;
  spilledCount: number;
  /** How deep the game tree being read is nested (up to MAX_DEPTH). */
  depth: number;
  /**
   * A node's errors, for the few nodes that have one (the node objects themselves stay small: a
   * file can hold a node per byte).
   */
  nodeErrors: Map<SgfNode, Bad[]>;
  /** A node's properties, gathered here and copied out at their exact length. */
  properties: SgfProperty[];
}

function sgfScratch(): SgfScratch {
  return { kept: 0, spilled: new Int32Array(0), spilledCount: 0, depth: 0, nodeErrors: new Map(), properties: [] };
}

/** Whether to keep `b` in the tree; if not, its offset is counted in `s.spilled`. */
function keep(s: SgfScratch, b: Bad): boolean {
  if (s.kept < MAX_KEPT) {
    s.kept++;
    return true;
  }
  if (s.spilledCount === s.spilled.length) {
    const grown = new Int32Array(Math.max(1024, s.spilled.length * 2));
    grown.set(s.spilled);
    s.spilled = grown;
  }
  s.spilled[s.spilledCount++] = b.offset;
  return false;
}

/** Past SGF white space (`[[:space:]]`); a loop, as it runs after every property. */
function skipWs(input: string, i: number): number {
  for (let c = input.charCodeAt(i); c === 32 || (c >= 9 && c <= 13); c = input.charCodeAt(++i));
  return i;
}

/** `PlayerWhite` → `PW`; identifiers are nearly always upper case already. */
function upperLetters(ident: string): string {
  for (let k = 0; k < ident.length; k++) {
    const c = ident.charCodeAt(k);
    if (c < 65 || c > 90) return ident.replace(/[^A-Z]/g, '');
  }
  return ident;
}

interface Read<T> {
  item: T;
  end: number;
}

/** One property with all its values, by two regexps; one with no value is an error. */
function readProperty(input: string, i: number): Read<SgfProperty | Bad> | null {
  IDENT_RE.lastIndex = i;
  if (!IDENT_RE.test(input)) return null;
  const ident = input.slice(i, IDENT_RE.lastIndex);
  const at = skipWs(input, IDENT_RE.lastIndex);
  VALUES_RE.lastIndex = at;
  if (!VALUES_RE.test(input)) {
    // A value that never closes: only that error, which says where the value started.
    if (input.charCodeAt(at) === 91) return readJunk(input, at, '', JUNK_RE);
    return { item: bad(at, `'[' (a value of the property '${ident}')`), end: at };
  }
  const prop: SgfProperty = {
    name: upperLetters(ident),
    offset: i,
    line: 0,
    column: 0,
    from: at,
    to: VALUES_RE.lastIndex,
  };
  return { item: prop, end: skipWs(input, prop.to) };
}

/** What stands where a node, property or tree was expected: one error, skipped to the next token. */
function readJunk(input: string, i: number, expected: string, until: RegExp): Read<Bad> | null {
  if (i >= input.length) return null;
  if (input.charCodeAt(i) === 91) {
    VALUE_RE.lastIndex = i;
    if (VALUE_RE.test(input))
      return { item: bad(i, "a property name before '['"), end: skipWs(input, VALUE_RE.lastIndex) };
    return {
      item: bad(input.length, "']' (the end of the value that starts at {start})", 'end of file', i),
      end: input.length,
    };
  }
  until.lastIndex = i;
  if (!until.test(input) || until.lastIndex === i) return null;
  return { item: bad(i, expected), end: until.lastIndex };
}

const junk = (expected: string, until: RegExp) =>
  P<Bad>((input, i) => {
    const read = readJunk(input, i, expected, until);
    return read ? P.makeSuccess(read.end, read.item) : P.makeFailure(i, expected);
  });

interface RawTree extends SgfTree {
  bad: Bad[] | null;
}

const NO_PROPERTIES: readonly SgfProperty[] = Object.freeze([]);

/**
 * A node: `;` and its properties up to the next `;`, `(`, `)`, read in one loop (its properties
 * gathered in `s.properties`, its errors kept in `s.nodeErrors` or counted).
 */
function readNode(s: SgfScratch, input: string, i: number): Read<SgfNode> | null {
  if (input.charCodeAt(i) !== 59) return null;
  const node: SgfNode = { offset: i, line: 0, column: 0, properties: NO_PROPERTIES };
  let count = 0;
  i = skipWs(input, i + 1);
  for (;;) {
    const read = readProperty(input, i) ?? readJunk(input, i, NODE_EXPECTED, JUNK_RE);
    if (read === null) {
      if (count > 0) node.properties = s.properties.slice(0, count);
      return { item: node, end: i };
    }
    if (!isBad(read.item)) s.properties[count++] = read.item;
    else if (keep(s, read.item)) {
      const errors = s.nodeErrors.get(node);
      if (errors) errors.push(read.item);
      else s.nodeErrors.set(node, [read.item]);
    }
    i = read.end;
  }
}

/**
 * Nodes (and whatever stands between them) up to the next `(` or `)`: one parser step for the
 * whole sequence, since analysed files have thousands of nodes and a parsimmon step per node or
 * property costs more than the regexps that read it.
 */
const sequence = (s: SgfScratch) =>
  P<(SgfNode | Bad)[]>((input, start) => {
    const items: (SgfNode | Bad)[] = [];
    for (let i = start; ;) {
      const read = readNode(s, input, i) ?? readJunk(input, i, NODE_EXPECTED, TREE_JUNK_RE);
      if (read === null) return i > start ? P.makeSuccess(i, items) : P.makeFailure(i, "';'");
      if (!isBad(read.item) || keep(s, read.item)) items.push(read.item);
      i = read.end;
    }
  });

/** Nodes must come before variations, and a tree needs one node at least. */
function rawTree(
  s: SgfScratch,
  offset: number,
  items: (SgfNode | Bad)[],
  children: (RawTree | (SgfNode | Bad)[] | Bad)[],
  closeAt: number,
  closed: boolean,
  atEnd: boolean,
): RawTree {
  const tree: RawTree = { offset, end: closeAt, line: 0, column: 0, nodes: [], children: [], bad: null };
  const errors: Bad[] = []; // the sequences' errors are kept already, the ones made here not yet
  const add = (b: Bad) => {
    if (keep(s, b)) errors.push(b);
  };
  if (items.some(isBad)) {
    for (const item of items) {
      if (isBad(item)) errors.push(item);
      else tree.nodes.push(item);
    }
  } else tree.nodes = items as SgfNode[]; // nodes only, as nearly always: no copy
  for (const child of children) {
    if (isBad(child)) add(child);
    else if (!Array.isArray(child)) tree.children.push(child);
    else
      for (const item of child) {
        if (isBad(item)) errors.push(item);
        else add(bad(item.offset, "'(' or ')': a node cannot follow a variation"));
      }
  }
  if (tree.nodes.length === 0) add(bad(tree.children[0]?.offset ?? closeAt, "';' (the first node of the game tree)"));
  if (!closed)
    add(
      bad(closeAt, "')' (the end of the game tree that starts at {start})", atEnd ? 'end of file' : undefined, offset),
    );
  if (errors.length > 0) tree.bad = errors;
  return tree;
}

interface Spec {
  Collection: { trees: RawTree[]; bad: Bad[] };
  GameTree: RawTree;
  Sequence: (SgfNode | Bad)[];
  _: null;
}

const here = P<{ offset: number; atEnd: boolean }>((input, i) =>
  P.makeSuccess(i, { offset: i, atEnd: i >= input.length }),
);

/**
 * Variations nest by recursion, so a hostile file could exhaust the stack: past this depth the
 * rest of the file is one error. A game tree cannot fail once its `(` is read, so `enter` and
 * `leave` (counting in `s.depth`) always pair up.
 */
const MAX_DEPTH = 200;
const enter = (s: SgfScratch) =>
  P<null>((_, i) =>
    s.depth < MAX_DEPTH ? (s.depth++, P.makeSuccess(i, null)) : P.makeFailure(i, 'a shallower variation'),
  );
const leave = (s: SgfScratch) => P<null>((_, i) => (s.depth--, P.makeSuccess(i, null)));
const tooDeep = P<Bad>((input, i) =>
  input.charCodeAt(i) === 40
    ? P.makeSuccess(input.length, bad(i, `at most ${MAX_DEPTH} nested variations (the rest of the file is not read)`))
    : P.makeFailure(i, "'('"),
);

// The rules that keep no state are built once; `sgfLanguage` builds the others per parse.
const treeJunk = junk("'(' (the start of a game tree) or the end of the file", /[^(]+/y);
const treeOpen = sticky(/\(\s*/y, "'('", (_, offset) => offset);
const treeClose = P.alt(
  sticky(/\)\s*/y, "')'", () => true),
  P.succeed(false),
);
const noNodes = P.succeed([]);
const whiteSpace = sticky(/\s*/y, 'white space', () => null);

/**
 * The grammar, its rules closing over one parse's scratch `s`: built per parse (a few dozen small
 * parser objects, nothing per node).
 */
const sgfLanguage = (s: SgfScratch) =>
  P.createLanguage<Spec>({
    Collection: (r) =>
      P.seqMap(r._, P.alt<RawTree | Bad>(r.GameTree, treeJunk).many(), P.eof, (_, items) => ({
        trees: items.filter((x): x is RawTree => !isBad(x)),
        bad: items.filter((x): x is Bad => isBad(x) && keep(s, x)),
      })),

    GameTree: (r) =>
      P.seqMap(
        treeOpen,
        enter(s),
        r.Sequence.or(noNodes),
        P.alt<RawTree | (SgfNode | Bad)[] | Bad>(r.GameTree, tooDeep, r.Sequence).many(),
        here,
        treeClose,
        leave(s),
        (offset, _, items, children, end, closed) => rawTree(s, offset, items, children, end.offset, closed, end.atEnd),
      ),

    Sequence: () => sequence(s),

    _: () => whiteSpace,
  });

/**
 * Moves every error out of the tree (and out of `s.nodeErrors`) into one list, counts the ones
 * in `s.spilled`, and fills lines and columns from offsets.
 */
function place(s: SgfScratch, text: string, raw: { trees: RawTree[]; bad: Bad[] }): SgfSyntax {
  const lines = new LineCursor(text);
  const at = (n: SgfPlace) => {
    n.line = lines.line(n.offset);
    n.column = lines.column(n.offset);
  };
  const found: Bad[] = [...raw.bad];
  const visit = (tree: RawTree): SgfTree => {
    at(tree);
    for (const node of tree.nodes) {
      at(node);
      const errors = s.nodeErrors.size > 0 ? s.nodeErrors.get(node) : undefined;
      if (errors) for (const e of errors) found.push(e);
      for (const p of node.properties) at(p);
    }
    tree.children.forEach((c) => visit(c as RawTree));
    if (tree.bad) for (const b of tree.bad) found.push(b);
    delete (tree as Partial<RawTree>).bad;
    return tree;
  };
  const trees = raw.trees.map(visit);
  if (found.length === 0 && s.spilledCount === 0)
    return { trees, errors: [], unlisted: null, errorLines: trees.map(() => null), lineCount: lines.lineCount() };
  const index = new LineIndex(text);
  const lineColumn = (offset: number) => `line ${index.line(offset)}, column ${index.column(offset)}`;
  // One error per place: a value left open runs to the end of the file, and the trees around it
  // cannot close either.
  const kept = found
    .sort((a, b) => a.offset - b.offset)
    .filter((b, k, all) => k === 0 || itemAt(all, k - 1).offset !== b.offset);
  // Every place, kept or spilled, once and in order; the first MAX_LISTED_ERRORS kept are listed.
  const spill = s.spilled.subarray(0, s.spilledCount).sort();
  const places = new Int32Array(kept.length + spill.length);
  const listed: Bad[] = [];
  let n = 0;
  let firstOther = -1;
  let lastOther = -1;
  for (let j = 0, k = 0; j < kept.length || k < spill.length;) {
    const b =
      j < kept.length && (k >= spill.length || itemAt(kept, j).offset <= itemAt(spill, k)) ? itemAt(kept, j++) : null;
    const offset = b ? b.offset : itemAt(spill, k++);
    if (n > 0 && places[n - 1] === offset) continue;
    places[n++] = offset;
    if (b && listed.length < MAX_LISTED_ERRORS) listed.push(b);
    else {
      if (firstOther < 0) firstOther = offset;
      lastOther = offset;
    }
  }
  const errors = listed.map((b) => ({
    offset: b.offset,
    line: index.line(b.offset),
    column: index.column(b.offset),
    expected: b.opensAt === undefined ? b.expected : b.expected.replace('{start}', lineColumn(b.opensAt)),
    found: b.found ?? foundAt(text, b.offset),
  }));
  const unlisted =
    firstOther < 0
      ? null
      : {
          count: n - listed.length,
          line: index.line(firstOther),
          column: index.column(firstOther),
          lastLine: index.line(lastOther),
        };
  const errorLines = trees.map((t) => {
    const k = firstAtLeast(places, t.offset, n);
    return k < n && itemAt(places, k) <= t.end ? index.line(itemAt(places, k)) : null;
  });
  return { trees, errors, unlisted, errorLines, lineCount: index.lineCount };
}

/**
 * Text (already decoded, LF line ends) → syntax tree. Never throws for any input: what it
 * cannot read is in `errors`, and the trees hold everything around it. All its working state is
 * in one scratch object made here and dropped on return: nothing passes from one file to the next.
 */
export function parseSgf(text: string): SgfSyntax {
  const s = sgfScratch();
  const result = sgfLanguage(s).Collection.parse(text);
  if (!result.status) {
    // Every rule has a lenient fallback; reaching here is a bug in the grammar, not bad input.
    throw new Error(`sgf grammar failed at offset ${result.index.offset}: expected ${result.expected.join(', ')}`);
  }
  return place(s, text, result.value);
}

/** The values of a property, as offsets of the text between each pair of brackets. */
export function propertyValues(text: string, prop: SgfProperty): SgfValue[] {
  const values: SgfValue[] = [];
  for (let i = prop.from; i < prop.to; i = skipWs(text, VALUE_RE.lastIndex)) {
    VALUE_RE.lastIndex = i;
    if (!VALUE_RE.test(text)) break;
    values.push({ from: i + 1, to: VALUE_RE.lastIndex - 1 });
  }
  return values;
}

/** The first value of a property. */
export function firstValue(text: string, prop: SgfProperty): SgfValue {
  VALUE_RE.lastIndex = prop.from;
  VALUE_RE.test(text);
  return { from: prop.from + 1, to: VALUE_RE.lastIndex - 1 };
}

const ESCAPE = /\\(\r\n|\n\r|\r|\n|[\s\S])/g;

/** A value's text: `\` + a line break (a soft line break) is removed, `\x` is `x` (FF[4]). */
export function valueText(text: string, value: SgfValue): string {
  const raw = text.slice(value.from, value.to);
  return raw.indexOf('\\') < 0
    ? raw
    : raw.replace(ESCAPE, (_, c: string) => (c.length > 1 || c === '\n' || c === '\r' ? '' : c));
}

/** Every value of a property as text (escapes resolved). */
export function texts(text: string, prop: SgfProperty): string[] {
  return propertyValues(text, prop).map((v) => valueText(text, v));
}

/**
 * The same reading as `parseSgf`, one game tree at a time (a collection's memory follows
 * its largest game tree): the same rules on one scratch, each tree's lines and columns placed as
 * `parseSgf` places them. It reads a file without syntax errors exactly as `parseSgf` does; once
 * it meets one (`clean` is then false), whose place in the file's list of errors depends on the
 * whole file, the caller reads the file with `parseSgf`.
 */
export class SgfReader {
  private readonly s = sgfScratch();
  private readonly lines: LineCursor;
  private readonly step: P.Parser<{ item: RawTree | Bad; end: number } | null>;
  private from: number;
  /** No syntax error so far. */
  clean = true;

  constructor(private readonly text: string) {
    this.lines = new LineCursor(text);
    const language = sgfLanguage(this.s);
    const start = P((_, __) => P.makeSuccess(this.from, null));
    const end = P((_, i) => P.makeSuccess(i, i));
    const rest = P((input) => P.makeSuccess(input.length, null));
    this.step = P.seqMap(
      start,
      P.alt<RawTree | Bad | null>(language.GameTree, treeJunk, P.succeed(null)),
      end,
      (_, item, at) => (item === null ? null : { item, end: at }),
    ).skip(rest);
    const ws = /\s*/y;
    ws.lastIndex = 0;
    ws.exec(text);
    this.from = ws.lastIndex;
  }

  /** The next game tree, placed; null at the end of the file or once a syntax error is met. */
  next(): SgfTree | null {
    if (!this.clean) return null;
    const result = this.step.parse(this.text);
    if (!result.status) throw new Error(`sgf grammar failed at offset ${this.from}`);
    const read = result.value;
    if (read === null) return null;
    this.from = read.end;
    const tree = read.item;
    if (isBad(tree) || this.s.kept > 0 || this.s.spilledCount > 0 || this.s.nodeErrors.size > 0) {
      this.clean = false;
      return null;
    }
    const at = (n: SgfPlace) => {
      n.line = this.lines.line(n.offset);
      n.column = this.lines.column(n.offset);
    };
    const visit = (t: RawTree): SgfTree => {
      at(t);
      for (const node of t.nodes) {
        at(node);
        for (const p of node.properties) at(p);
      }
      t.children.forEach((c) => visit(c as RawTree));
      delete (t as Partial<RawTree>).bad;
      return t;
    };
    return visit(tree);
  }
}
