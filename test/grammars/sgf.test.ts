import { describe, expect, it } from 'vitest';
import { type SgfNode, firstValue, parseSgf, propertyValues, texts } from '../../grammars/sgf.js';

/** `NAME=values|…` for each node of the main line, values escaped. */
function nodesOf(text: string, nodes: SgfNode[]): string[] {
  return nodes.map((n) => n.properties.map((p) => `${p.name}=${texts(text, p).join('|')}`).join(' '));
}

function clean(text: string) {
  const tree = parseSgf(text);
  expect(tree.errors).toEqual([]);
  return tree;
}

describe('sgf grammar: structure', () => {
  it('reads a collection of several game trees, each a sequence of nodes', () => {
    const text = '(;FF[4]GM[6]MI[length:3][game:0]\n;B[41lpab]\n;W[65xrrm])\n(;FF[4]GM[6]\n;W[double]\n;B[take])\n';
    const tree = clean(text);
    expect(tree.trees).toHaveLength(2);
    expect(nodesOf(text, tree.trees[0].nodes)).toEqual(['FF=4 GM=6 MI=length:3|game:0', 'B=41lpab', 'W=65xrrm']);
    expect(nodesOf(text, tree.trees[1].nodes)).toEqual(['FF=4 GM=6', 'W=double', 'B=take']);
    expect(tree.trees.map((t) => [t.line, t.column])).toEqual([
      [1, 1],
      [4, 1],
    ]);
    expect(tree.trees[0].nodes.map((n) => [n.line, n.column])).toEqual([
      [1, 2],
      [2, 1],
      [3, 1],
    ]);
    const mi = tree.trees[0].nodes[0].properties[2];
    expect(mi).toMatchObject({ name: 'MI', line: 1, column: 13 });
    expect(tree.lineCount).toBe(7);
  });

  it('keeps variations as children, the first being the main line', () => {
    const text = '(;GM[6];B[11](;W[22];B[33])(;W[44]))';
    const tree = clean(text);
    expect(nodesOf(text, tree.trees[0].nodes)).toEqual(['GM=6', 'B=11']);
    expect(tree.trees[0].children.map((c) => nodesOf(text, c.nodes))).toEqual([['W=22', 'B=33'], ['W=44']]);
  });

  it('accepts white space anywhere outside values, FF[3] lower-case identifiers, unknown properties', () => {
    const text = '\n (\n ; GM [6] PlayerWhite [x]  XY[foo] \n [bar] ;W[31hefe]TE[1]IT[]N[name]\n )\n';
    const tree = clean(text);
    expect(nodesOf(text, tree.trees[0].nodes)).toEqual(['GM=6 PW=x XY=foo|bar', 'W=31hefe TE=1 IT= N=name']);
  });

  it('reads an empty node, an empty value and an empty text', () => {
    expect(nodesOf('(;)', clean('(;)').trees[0].nodes)).toEqual(['']);
    expect(texts('(;C[])', clean('(;C[])').trees[0].nodes[0].properties[0])).toEqual(['']);
    expect(clean('').trees).toEqual([]);
    expect(clean(' \n').trees).toEqual([]);
  });
});

describe('sgf grammar: values', () => {
  const one = (value: string) => {
    const text = `(;C${value})`;
    return texts(text, clean(text).trees[0].nodes[0].properties[0]);
  };

  it.each<[string, string, string[]]>([
    ['escaped bracket', String.raw`[a\]b]`, ['a]b']],
    ['escaped backslash', String.raw`[a\\b]`, ['a\\b']],
    ['escaped backslash before the end', String.raw`[a\\]`, ['a\\']],
    ['any escaped character is that character', String.raw`[\:x\y]`, [':xy']],
    ['soft line break (LF)', '[one \\\ntwo]', ['one two']],
    ['soft line break (CRLF)', '[one \\\r\ntwo]', ['one two']],
    ['raw line breaks are kept', '[one\ntwo]', ['one\ntwo']],
    ['an opening bracket inside a value', '[a[b]', ['a[b']],
    ['several values', '[a][b] [c]\n[d]', ['a', 'b', 'c', 'd']],
    ['gnubg names', String.raw`[O'Brien \] \\ x]`, ["O'Brien ] \\ x"]],
  ])('%s', (_name, value, expected) => {
    expect(one(value)).toEqual(expected);
  });

  it('keeps every value of an analysis property as one span, split only on demand', () => {
    const candidate = (k: number) => `[lpab E ver 3 0.49 0.14 0.00 ${k} -inf \\] 0C 0 1 0.000000 1]`;
    const values = Array.from({ length: 5000 }, (_, k) => candidate(k)).join('');
    const text = `(;GM[6]\n;B[41lpab]A[0]${values}MR[]LU[0.07]\n;W[63])`;
    const tree = clean(text);
    const [move, analysis, mr, lu] = tree.trees[0].nodes[1].properties;
    expect([move.name, analysis.name, mr.name, lu.name]).toEqual(['B', 'A', 'MR', 'LU']);
    expect(text.slice(analysis.from, analysis.to)).toBe(`[0]${values}`);
    expect(propertyValues(text, analysis)).toHaveLength(5001);
    expect(firstValue(text, move)).toEqual({ from: move.from + 1, to: move.to - 1 });
    expect(tree.trees[0].nodes[2].line).toBe(3);
  });
});

describe('sgf grammar: malformed input', () => {
  it.each<[string, string, number, number, string, string]>([
    ['junk between nodes', '(;GM[6]\n;B[41lpab] oops\n;W[31])', 2, 12, 'a property', "'oops'"],
    ['digits outside a value', '(;GM[6];B[41lpab]42;W[31])', 1, 18, 'a property', "'42;W[31])'"],
    [
      'a property without a value',
      '(;GM[6]\n;W[65xrrm]C\n;B[11])',
      3,
      1,
      "'[' (a value of the property 'C')",
      "';B[11])'",
    ],
    ['a value without a property', '(;GM[6];[x]B[11])', 1, 9, "a property name before '['", "'[x]B[11])'"],
    [
      'an unterminated value',
      '(;GM[6]\n;C[abc\ndef',
      3,
      4,
      "']' (the end of the value that starts at line 2, column 3)",
      'end of file',
    ],
    [
      'a missing ) at the end',
      '(;GM[6]\n;B[41]\n',
      3,
      1,
      "')' (the end of the game tree that starts at line 1, column 1)",
      'end of file',
    ],
    ['a stray ) after the tree', '(;GM[6];B[41]))\n', 1, 15, "'(' (the start of a game tree)", "')'"],
    ['text before the first tree', 'hello\n(;GM[6])', 1, 1, "'(' (the start of a game tree)", "'hello'"],
    ['a tree with no node', '(;GM[6])\n()', 2, 2, "';' (the first node of the game tree)", "')'"],
    ['a node after a variation', '(;GM[6](;B[11])\n;W[22])', 2, 1, 'a node cannot follow a variation', "';W[22])'"],
    ['junk before the first node', '(B[x];W[y])', 1, 2, 'a property', "'B[x];W[y])'"],
  ])('%s: line %i, column %i', (_name, text, line, column, expected, found) => {
    const tree = parseSgf(text);
    expect(tree.errors).toHaveLength(1);
    expect(tree.errors[0]).toMatchObject({ line, column, found });
    expect(tree.errors[0].expected).toContain(expected);
  });

  it('goes on after an error: the nodes around it are kept', () => {
    const text = '(;GM[6]\n;B[41lpab] oops\n;W[31hefe])\n(;GM[6];B[11])';
    const tree = parseSgf(text);
    expect(tree.errors).toHaveLength(1);
    expect(tree.trees.map((t) => nodesOf(text, t.nodes))).toEqual([
      ['GM=6', 'B=41lpab', 'W=31hefe'],
      ['GM=6', 'B=11'],
    ]);
  });

  it('keeps what comes before a value that never closes', () => {
    const text = '(;GM[6]\n;B[41lpab]\n;W[31he';
    const tree = parseSgf(text);
    expect(nodesOf(text, tree.trees[0].nodes)).toEqual(['GM=6', 'B=41lpab', '']);
    expect(tree.errors.map((e) => [e.line, e.column])).toEqual([[3, 8]]);
  });

  it('variations nested deeper than 200 levels: one error, the outer trees kept, no stack overflow', () => {
    const text = `(;GM[6]${'(;B[11]'.repeat(100_000)}${')'.repeat(100_001)}`;
    const tree = parseSgf(text);
    expect(tree.errors[0]).toMatchObject({ line: 1, column: 7 + 7 * 199 + 1 });
    expect(tree.errors[0].expected).toContain('at most 200 nested variations');
    let depth = 0;
    for (let t = tree.trees[0]; t.children[0]; t = t.children[0]) depth++;
    expect(depth).toBe(199);
  });

  it('never throws, whatever the text', () => {
    for (const text of [
      '(',
      ')',
      '[',
      ']',
      '((',
      '(;',
      '(;[',
      '(;A[',
      '(;A[\\',
      'A[1]',
      '\\',
      '(;GM[6]\u0000)',
      ';;;',
      '(;)(;)(',
      'x'.repeat(10000),
      '[]'.repeat(1000),
    ]) {
      expect(() => parseSgf(text), JSON.stringify(text)).not.toThrow();
    }
  });
});
