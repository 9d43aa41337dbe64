import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startPosition, type Position } from '../../src/engine/board.js';
import { matchId, positionId } from '../../src/engine/ids.js';
import type { Side, Variant } from '../../src/core/model.js';
import { boardSvg, boardViewFromIds, pipCount, type BoardView } from '../../src/report/board-svg.js';
import { readTsv, rowPosition } from '../../bench/gnubg/oracle-rows.js';
import { fixtureText } from '../helpers.js';

const positions = readTsv(fixtureText('gnubg', 'positions.tsv'));

/** A side from [point, count] pairs in its own numbering (0 = off, 25 = bar). */
function side(pairs: [number, number][]): Uint8Array {
  const a = new Uint8Array(26);
  for (const [p, c] of pairs) a[p] = c;
  return a;
}

function view(over: Partial<BoardView> = {}): BoardView {
  return {
    sides: startPosition().sides,
    viewer: 0,
    onRoll: 0,
    names: ['Anna', 'Boris'],
    score: [3, 2],
    length: 7,
    cube: { value: 1, owner: -1 },
    crawford: false,
    dice: null,
    ...over,
  };
}

/** A crowded middle game: tall stacks, both bars, both trays, a 64 cube. */
const crowded = view({
  sides: [
    side([
      [0, 2],
      [1, 2],
      [2, 2],
      [3, 3],
      [4, 2],
      [5, 1],
      [6, 1],
      [25, 2],
    ]),
    side([
      [0, 3],
      [6, 7],
      [8, 2],
      [13, 1],
      [18, 1],
      [25, 1],
    ]),
  ],
  cube: { value: 64, owner: 1 },
  dice: [6, 6],
  crawford: false,
  score: [5, 6],
  length: 11,
});

interface Stack {
  side: number;
  point: number;
  count: number;
  circles: [number, number][];
  label: string | null;
}

/** Every checker stack of an SVG, read from its data attributes and its circles. */
function stacks(svg: string): Stack[] {
  const re = /<g data-side="(\d)" data-point="(\d+)" data-count="(\d+)">(.*?)<\/g>/g;
  return [...svg.matchAll(re)].map((m) => ({
    side: Number(m[1]),
    point: Number(m[2]),
    count: Number(m[3]),
    circles: [...m[4].matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)"/g)].map((c) => [Number(c[1]), Number(c[2])]),
    label: /<text[^>]*>(\d+)<\/text>/.exec(m[4])?.[1] ?? null,
  }));
}

function trays(svg: string): Record<number, number> {
  const out: Record<number, number> = {};
  for (const m of svg.matchAll(/<g data-off-side="(\d)" data-count="(\d+)"/g)) out[Number(m[1])] = Number(m[2]);
  return out;
}

function size(svg: string): [number, number] {
  const m = /viewBox="0 0 (\d+) (\d+)"/.exec(svg);
  return m ? [Number(m[1]), Number(m[2])] : [0, 0];
}

/** Tags balance, attributes are quoted, and every & starts an entity: the text parses as XML. */
function wellFormed(svg: string): boolean {
  const open: string[] = [];
  const tags = /<(\/?)([a-zA-Z]+)((?:\s+[a-zA-Z-]+="[^"<>]*")*)\s*(\/?)>/g;
  let end = 0;
  for (const m of svg.matchAll(tags)) {
    if (/[<>]/.test(svg.slice(end, m.index))) return false;
    end = (m.index ?? 0) + m[0].length;
    if (m[1]) {
      if (open.pop() !== m[2]) return false;
    } else if (!m[4]) open.push(m[2]);
  }
  return open.length === 0 && end === svg.length && !/&(?!(amp|lt|gt|quot|apos);)/.test(svg);
}

function onBoard(pos: ArrayLike<number>): number {
  let n = 0;
  for (let p = 1; p <= 25; p++) n += pos[p];
  return n;
}

describe('boardSvg: checkers', () => {
  const cases: [string, BoardView][] = [
    ['start, viewer 0', view()],
    ['start, viewer 1', view({ viewer: 1, onRoll: 1 })],
    ['crowded, viewer 0', crowded],
    ['crowded, viewer 1', { ...crowded, viewer: 1 }],
  ];
  it.each(cases)('%s: each side has its checkers on points, bar and tray', (_, v) => {
    const svg = boardSvg(v);
    const all = stacks(svg);
    for (const s of [0, 1] as Side[]) {
      for (let p = 1; p <= 25; p++) {
        const st = all.filter((x) => x.side === s && x.point === p);
        const n = v.sides[s][p];
        expect(st.length, `side ${s} point ${p}`).toBe(n > 0 ? 1 : 0);
        if (n === 0) continue;
        expect(st[0].count).toBe(n);
        expect(st[0].circles.length).toBe(Math.min(n, 5));
        expect(st[0].label).toBe(n > 5 ? String(n) : null);
      }
      expect(all.filter((x) => x.side === s).reduce((t, x) => t + x.count, 0)).toBe(onBoard(v.sides[s]));
      expect(trays(svg)[s]).toBe(v.sides[s][0]);
    }
  });

  it('a tall stack shows five checkers and its count on the top one', () => {
    const [six] = stacks(boardSvg(crowded)).filter((x) => x.side === 1 && x.point === 6);
    expect(six.circles.length).toBe(5);
    expect(six.label).toBe('7');
  });

  it('stacks a point both sides hold (not a legal position) so both colours show', () => {
    const svg = boardSvg(view({ sides: [side([[5, 2]]), side([[20, 1]])] }));
    const [x0, x1] = stacks(svg);
    expect(x1.circles).toHaveLength(1);
    expect(x0.circles.map(([, y]) => y)).not.toContain(x1.circles[0][1]);
    expect(x1.circles[0][0]).toBe(x0.circles[0][0]);
  });

  it('draws a tray of thin bars, one per checker off, with its count', () => {
    const svg = boardSvg(crowded);
    const tray = /<g data-off-side="1" data-count="3"[^>]*>(.*?)<\/g>/.exec(svg)?.[1] ?? '';
    expect(tray.match(/<rect /g)?.length).toBe(3);
    expect(tray).toContain('>3</text>');
    expect(/<g data-off-side="0" data-count="0"[^>]*><\/g>/.test(boardSvg(view()))).toBe(true);
  });
});

describe('boardSvg: orientation', () => {
  /** Where a side's own point is drawn for a viewer: quadrant of the viewer's point. */
  const quadrant = (q: number) =>
    q <= 6 ? 'bottom right' : q <= 12 ? 'bottom left' : q <= 18 ? 'top left' : 'top right';
  for (const viewer of [0, 1] as Side[]) {
    it(`viewer ${viewer}: its point 1..6 bottom right, the opponent's 6-point top right`, () => {
      const svg = boardSvg(view({ viewer, onRoll: viewer }));
      const [w, h] = size(svg);
      for (const st of stacks(svg)) {
        if (st.point === 25) continue;
        const q = st.side === viewer ? st.point : 25 - st.point;
        const [x, y] = st.circles[0];
        expect(
          `${y > h / 2 ? 'bottom' : 'top'} ${x > w / 2 ? 'right' : 'left'}`,
          `side ${st.side} point ${st.point}`,
        ).toBe(quadrant(q));
      }
      // The viewer's 6-point and 8-point: 6 is right of 8, both at the bottom.
      const own = (p: number) => stacks(svg).find((x) => x.side === viewer && x.point === p)?.circles[0] ?? [0, 0];
      expect(own(6)[0]).toBeGreaterThan(own(8)[0]);
      expect(own(13)[1]).toBeLessThan(h / 2);
    });
  }

  it('numbers the points from the viewer: 1 rightmost at the bottom, 24 rightmost at the top', () => {
    const svg = boardSvg(view());
    const label = (n: number) => {
      const m = new RegExp(`<text x="([\\d.]+)" y="([\\d.]+)">${n}</text>`).exec(svg);
      return m ? [Number(m[1]), Number(m[2])] : [NaN, NaN];
    };
    const xs = Array.from({ length: 24 }, (_, i) => label(i + 1));
    for (let q = 1; q <= 12; q++) expect(xs[q - 1][1]).toBeGreaterThan(xs[24 - q][1]); // bottom row below top row
    for (let q = 1; q < 12; q++) expect(xs[q - 1][0]).toBeGreaterThan(xs[q][0]); // 1..12 right to left
    for (let q = 13; q < 24; q++) expect(xs[q - 1][0]).toBeLessThan(xs[q][0]); // 13..24 left to right
  });

  it('puts each side on its half of the bar and its tray on its own side', () => {
    const svg = boardSvg(crowded);
    const [, h] = size(svg);
    const bar = (s: number) => stacks(svg).find((x) => x.side === s && x.point === 25);
    expect(bar(0)?.circles.every(([, y]) => y > h / 2)).toBe(true);
    expect(bar(1)?.circles.every(([, y]) => y < h / 2)).toBe(true);
    const flipped = boardSvg({ ...crowded, viewer: 1 });
    const bar1 = stacks(flipped).find((x) => x.side === 1 && x.point === 25);
    expect(bar1?.circles.every(([, y]) => y > h / 2)).toBe(true);
  });
});

describe('boardSvg: cube, dice, score, names', () => {
  const cubeY = (v: BoardView) =>
    Number(/<g data-cube="\d+" data-cube-owner="-?\d"><rect x="\d+" y="([\d.]+)"/.exec(boardSvg(v))?.[1]);
  it('draws the cube with its value, centred or at its owner', () => {
    const centred = cubeY(view());
    expect(cubeY(view({ cube: { value: 2, owner: 0 } }))).toBeGreaterThan(centred); // viewer: bottom
    expect(cubeY(view({ cube: { value: 2, owner: 1 } }))).toBeLessThan(centred);
    expect(cubeY(view({ viewer: 1, cube: { value: 2, owner: 1 } }))).toBeGreaterThan(centred);
    expect(boardSvg(crowded)).toMatch(/<g data-cube="64" data-cube-owner="1">.*?>64<\/text><\/g>/);
    expect(boardSvg(view())).toMatch(/<g data-cube="1" data-cube-owner="-1">.*?>1<\/text><\/g>/);
  });

  it.each([
    [[3, 1], 4],
    [[6, 6], 12],
    [[5, 2], 7],
  ] as [[number, number], number][])('dice %j: two dice with %i pips', (dice, pips) => {
    const svg = boardSvg(view({ dice }));
    const g = /<g data-dice="(\d) (\d)">(.*?)<\/g>/.exec(svg);
    expect(g?.slice(1, 3)).toEqual(dice.map(String));
    expect(g?.[3].match(/<circle /g)?.length).toBe(pips);
    expect(g?.[3].match(/<rect /g)?.length).toBe(2);
  });

  it('draws no dice without a roll', () => {
    expect(boardSvg(view())).not.toContain('data-dice');
  });

  it.each([
    ['7-point match', view()],
    ['money game', view({ length: 0 })],
    ['match length unknown', view({ length: null, score: null })],
  ])('says %s', (text, v) => {
    expect(boardSvg(v)).toContain(`>${text}<`);
  });

  it('marks the Crawford game, the side on roll and game over', () => {
    expect(boardSvg(view({ crawford: true }))).toContain('Crawford');
    expect(boardSvg(view())).not.toContain('Crawford');
    expect(boardSvg(view({ dice: null })).match(/to roll/g)?.length).toBe(1);
    // Dice rolled: the side on roll is to play them.
    expect(boardSvg(view({ dice: [6, 4] }))).toContain('\u25b6 to play');
    expect(boardSvg(view({ dice: [6, 4] }))).not.toContain('to roll');
    const over = boardSvg(view({ onRoll: null }));
    expect(over).not.toContain('to roll');
    expect(over).toContain('game over');
  });

  it('writes both names, scores and pip counts', () => {
    const svg = boardSvg(crowded);
    for (const s of [0, 1] as Side[]) {
      expect(svg).toContain(`>${crowded.names[s]}</text>`);
      expect(svg).toContain(`pips <tspan font-weight="bold">${pipCount(crowded.sides[s])}</tspan>`);
      expect(svg).toContain(`score <tspan font-weight="bold">${crowded.score?.[s]}</tspan>`);
    }
    expect(boardSvg(view({ score: null }))).not.toContain('score ');
  });
});

describe('pipCount', () => {
  it.each([
    ['start', startPosition().sides[0], 167],
    ['one on the bar', side([[25, 1]]), 25],
    [
      'bar and 1-point',
      side([
        [25, 2],
        [1, 3],
        [0, 10],
      ]),
      53,
    ],
    ['all off', side([[0, 15]]), 0],
  ] as [string, Uint8Array, number][])('%s: %i', (_, s, pips) => {
    expect(pipCount(s)).toBe(pips);
  });
});

describe('boardSvg: untrusted text', () => {
  const evil = '</svg><script>alert(1)</script>';
  it('writes a hostile name inert, and no script, link, style, id or external reference at all', () => {
    const svg = boardSvg(view({ names: [evil, `a"b'c&d\x1b[2J\x07\u202e<x>`] }), {
      title: `<img src=x onerror=alert(1)>`,
    });
    expect(wellFormed(svg)).toBe(true);
    expect(svg).toContain('&lt;/svg&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(svg).toContain('a&quot;b&apos;c&amp;d[2J&lt;x&gt;');
    expect(svg.indexOf('</svg>')).toBe(svg.length - 6);
    expect(svg).not.toMatch(/<script|<img|href|foreignObject|<style| id=| class=|url\(|[\x00-\x1f\u202e]/i);
  });

  it('cuts a long name to 40 characters with an ellipsis', () => {
    const long = 'W'.repeat(100);
    const svg = boardSvg(view({ names: [long, '😀'.repeat(60)] }));
    expect(svg).toContain(`>${'W'.repeat(39)}\u2026</text>`);
    expect(svg).toContain(`>${'😀'.repeat(39)}\u2026</text>`); // by characters: no surrogate pair split
    expect(svg).not.toContain('W'.repeat(40));
    expect(svg).toMatch(/textLength="\d+" lengthAdjust="spacingAndGlyphs">W{39}/); // squeezed, not over the pip count
    expect(svg).not.toMatch(/textLength="\d+" lengthAdjust="spacingAndGlyphs">Anna/);
  });

  it('replaces a lone surrogate (not XML) and writes an empty name as such', () => {
    const svg = boardSvg(view({ names: ['a\ud800b', ''] }));
    expect(svg).toContain('>a\ufffdb</text>');
    expect(svg).toContain('>(no name)</text>');
  });
});

describe('boardSvg: plays', () => {
  const plays: BoardView['plays'] = [
    {
      side: 0,
      kind: 'recorded',
      moves: [
        [8, 5],
        [6, 5],
      ],
    },
    {
      side: 0,
      kind: 'legal',
      moves: [
        [24, 23],
        [13, 10],
      ],
    },
  ];
  it('draws no arrow and no legend without plays', () => {
    const svg = boardSvg(view({ dice: [3, 1] }));
    expect(svg).not.toMatch(/data-play|data-legend|<polygon/);
  });

  it('draws one arrow per move, recorded dashed and legal solid, with a legend', () => {
    const svg = boardSvg(view({ dice: [3, 1], plays }));
    expect(wellFormed(svg)).toBe(true);
    const rec = /<g data-play="recorded" data-side="0"[^>]*>(.*?)<\/g>/.exec(svg)?.[1] ?? '';
    const legal = /<g data-play="legal" data-side="0"[^>]*>(.*?)<\/g>/.exec(svg)?.[1] ?? '';
    expect(rec.match(/<polygon /g)?.length).toBe(2);
    expect(legal.match(/<polygon /g)?.length).toBe(2);
    expect(rec).toContain('stroke-dasharray');
    expect(legal).not.toContain('stroke-dasharray');
    expect(svg).toMatch(/<g data-legend="">.*recorded play.*legal play.*<\/g>/);
    expect(size(svg)[1]).toBeGreaterThan(size(boardSvg(view()))[1]); // room for the legend
  });

  it('ends two moves to one point on different checkers, and starts a second move from the next checker down', () => {
    const svg = boardSvg(
      view({
        plays: [
          {
            side: 0,
            kind: 'recorded',
            moves: [
              [6, 2],
              [6, 2],
            ],
          },
        ],
      }),
    );
    const tips = [...svg.matchAll(/<polygon points="([\d.]+),([\d.]+)/g)].map((m) => Number(m[2]));
    const starts = [...svg.matchAll(/<path d="M([\d.]+) ([\d.]+)Q/g)].map((m) => Number(m[2]));
    expect(tips[0]).not.toBe(tips[1]);
    expect(starts[0]).not.toBe(starts[1]);
  });

  it('draws moves from the bar and off the board without throwing', () => {
    const v = {
      ...crowded,
      plays: [
        {
          side: 0 as Side,
          kind: 'recorded' as const,
          moves: [
            [25, 19],
            [3, 0],
          ] as [number, number][],
        },
      ],
    };
    expect(boardSvg(v).match(/<polygon /g)?.length).toBe(2);
  });
});

describe('boardSvg: output', () => {
  it('is the same bytes for the same view, a copy included', () => {
    const copy: BoardView = { ...crowded, sides: [Array.from(crowded.sides[0]), Array.from(crowded.sides[1])] };
    expect(boardSvg(crowded)).toBe(boardSvg(crowded));
    expect(boardSvg(copy)).toBe(boardSvg(crowded));
  });

  it('is one standalone svg element, well formed, under 12 KB', () => {
    for (const v of [
      view(),
      crowded,
      { ...crowded, plays: [{ side: 0 as Side, kind: 'legal' as const, moves: [[6, 0]] as [number, number][] }] },
    ]) {
      const svg = boardSvg(v, { title: 'Game 3, line 57' });
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ')).toBe(true);
      expect(wellFormed(svg)).toBe(true);
      expect(Buffer.byteLength(svg)).toBeLessThan(12_000);
    }
  });
});

describe('boardViewFromIds', () => {
  it.each([0, 1] as Side[])('start position, side %i on roll: the same sides back', (onRoll) => {
    const pos = startPosition();
    const v = boardViewFromIds(
      { positionId: positionId(pos, onRoll), matchId: null },
      'backgammon',
      ['A', 'B'],
      onRoll,
    );
    expect(v.sides.map((s) => Array.from(s))).toEqual(pos.sides.map((s) => Array.from(s)));
    expect(v).toMatchObject({
      viewer: onRoll,
      onRoll,
      score: null,
      length: null,
      cube: { value: 1, owner: -1 },
      dice: null,
    });
  });

  it(`gives back the sides, side on roll, score, cube and dice of ${positions.length} gnubg positions (fixtures/gnubg/positions.tsv)`, () => {
    expect(positions.length).toBeGreaterThanOrEqual(1500);
    const wrong: string[] = [];
    for (const row of positions) {
      const variant: Variant = row.file.includes('nackgammon') ? 'nackgammon' : 'backgammon';
      const v = boardViewFromIds({ positionId: row.position_id, matchId: row.match_id }, variant, ['A', 'B']);
      const pos: Position = rowPosition(row);
      const over = row.game_state !== '1';
      const dice = Number(row.dice_0) > 0 ? [Number(row.dice_0), Number(row.dice_1)] : null;
      const expected = {
        sides: pos.sides.map((s) => Array.from(s)),
        onRoll: over ? null : Number(row.player_on_roll),
        viewer: Number(row.player_on_roll),
        score: [Number(row.score0), Number(row.score1)],
        length: Number(row.match_length),
        cube: { value: Number(row.cube_value), owner: Number(row.cube_owner) },
        crawford: row.crawford === '1',
        dice,
      };
      const got = { ...expected, sides: v.sides.map((s) => Array.from(s)), onRoll: v.onRoll, viewer: v.viewer };
      Object.assign(got, { score: v.score, length: v.length, cube: v.cube, crawford: v.crawford, dice: v.dice });
      if (JSON.stringify(got) !== JSON.stringify(expected)) wrong.push(`${row.file} ${row.game} ${row.move_index}`);
      const svg = boardSvg(v);
      for (const s of [0, 1] as Side[]) {
        const drawn = stacks(svg)
          .filter((x) => x.side === s)
          .reduce((t, x) => t + x.count, 0);
        if (drawn !== onBoard(pos.sides[s]) || trays(svg)[s] !== pos.sides[s][0]) wrong.push(`${row.file} drawn`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('counts borne-off checkers from the variant (hypergammon: 3 a side)', () => {
    const pos: Position = {
      sides: [
        side([
          [0, 2],
          [1, 1],
        ]),
        side([
          [0, 1],
          [3, 1],
          [25, 1],
        ]),
      ],
    };
    const ids = { positionId: positionId(pos, 1), matchId: null };
    const hyper = boardViewFromIds(ids, 'hypergammon3', ['A', 'B'], 1);
    expect(Array.from(hyper.sides[0])).toEqual(Array.from(pos.sides[0]));
    expect(Array.from(hyper.sides[1])).toEqual(Array.from(pos.sides[1]));
    expect(trays(boardSvg(hyper))).toEqual({ 0: 2, 1: 1 });
    expect(boardViewFromIds(ids, 'backgammon', ['A', 'B'], 1).sides[0][0]).toBe(14);
  });

  it('reads the Match ID: side on roll as viewer, Crawford, cube owner; the dice given win over its own', () => {
    const pos = startPosition();
    const m = matchId({
      cubeValue: 4,
      cubeOwner: 0,
      onRoll: 1,
      crawford: true,
      gameState: 1,
      turn: 1,
      doubled: false,
      resigned: 0,
      dice: [4, 2],
      length: 9,
      score: [8, 3],
      jacoby: false,
    });
    const ids = { positionId: positionId(pos, 1), matchId: m };
    expect(boardViewFromIds(ids, 'backgammon', ['A', 'B'])).toMatchObject({
      viewer: 1,
      onRoll: 1,
      crawford: true,
      cube: { value: 4, owner: 0 },
      dice: [4, 2],
      length: 9,
      score: [8, 3],
    });
    expect(boardViewFromIds({ ...ids, dice: null }, 'backgammon', ['A', 'B']).dice).toBeNull();
    expect(boardViewFromIds({ ...ids, dice: [6, 5] }, 'backgammon', ['A', 'B'], 0)).toMatchObject({
      dice: [6, 5],
      viewer: 0,
      onRoll: 1,
    });
  });
});

// BOARD_SAMPLES=/tmp/board-samples npx vitest run test/report/board-svg.test.ts: writes sample boards to look at.
const samples = process.env.BOARD_SAMPLES;
describe.runIf(samples)('samples', () => {
  it('writes sample boards', () => {
    const dir = samples ?? '';
    mkdirSync(dir, { recursive: true });
    const hyper = boardViewFromIds(
      {
        positionId: positionId(
          {
            sides: [
              side([
                [0, 2],
                [1, 1],
              ]),
              side([
                [0, 1],
                [3, 1],
                [25, 1],
              ]),
            ],
          },
          1,
        ),
        matchId: null,
      },
      'hypergammon3',
      ['Hyper One', 'Hyper Two'],
      1,
    );
    const all: [string, BoardView, string?][] = [
      ['start', view({ dice: [3, 1] }), 'Game 1, line 5'],
      ['start-viewer1', view({ viewer: 1, onRoll: 1, dice: [6, 5], cube: { value: 2, owner: 0 } })],
      ['crowded', crowded, 'Game 7, line 212: illegal move'],
      ['crowded-viewer1', { ...crowded, viewer: 1, onRoll: 1, crawford: true }],
      [
        'plays',
        view({
          dice: [3, 1],
          plays: [
            {
              side: 0,
              kind: 'recorded',
              moves: [
                [8, 5],
                [6, 5],
              ],
            },
            {
              side: 0,
              kind: 'legal',
              moves: [
                [24, 21],
                [21, 20],
              ],
            },
          ],
        }),
      ],
      [
        'plays-bar',
        {
          ...crowded,
          onRoll: 0,
          dice: [6, 2],
          plays: [
            {
              side: 0,
              kind: 'recorded',
              moves: [
                [25, 19],
                [25, 23],
              ],
            },
            {
              side: 0,
              kind: 'legal',
              moves: [
                [25, 23],
                [3, 0],
              ],
            },
          ],
        },
      ],
      [
        'evil',
        view({
          names: ['</svg><script>alert(1)</script>', 'W'.repeat(60)],
          length: 0,
          score: null,
          onRoll: null,
          cube: { value: 1024, owner: 0 },
        }),
      ],
      ['hyper', hyper],
      [
        'names',
        view({
          names: ['Ångström Ørsted-Müller Wilhelmsson-Montgomery', '山田太郎 (やまだ たろう) 日本バックギャモン協会'],
          onRoll: 1,
          crawford: true,
          score: [10, 12],
          length: 13,
        }),
        'A long title: '.repeat(5),
      ],
    ];
    for (const [name, v, title] of all) writeFileSync(join(dir, `${name}.svg`), boardSvg(v, { title }));
    // Several boards inline in one page: nothing of one may leak into another (no ids, no classes).
    const inline = all.slice(2, 5).map(([, v, title]) => boardSvg(v, { title }));
    writeFileSync(
      join(dir, 'page.html'),
      `<!doctype html><meta charset="utf-8"><body style="background:#223">${inline.join('')}`,
    );
    expect(all.length).toBe(9);
  });
});
