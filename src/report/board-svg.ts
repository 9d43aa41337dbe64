// A position as one standalone SVG board, shared by `show --svg` and the HTML report.
// Pure: a BoardView in, SVG text out; the same view gives the same bytes.
//
// Drawing: the viewer's home board bottom right and points 1..24 numbered from its side (as
// board.ts draws side 0); the viewer's opponent plays from the top. Side 0 has light checkers,
// side 1 dark (White and Black in GNU Backgammon SGF). A stack shows at most five checkers, the
// fifth carrying the count when there are more. Each side's bar checkers sit in its own half of
// the bar; its borne-off checkers in the tray on its side (right), one thin bar each, with the
// count; the cube in the left column, centred or at its owner's side; the dice in the half of
// the side on roll.
//
// Markup: presentation attributes only: no <style>, no class, no id (arrowheads are polygons,
// not markers), so any number of boards share a page without collisions and a board renders the
// same standalone and inline. No script, href, foreignObject or external reference. Every text
// from the view (names, title) goes through clean() and xml(): control characters removed, cut
// to 40 characters with an ellipsis, XML-escaped; every number is written by num() or int().
//
// For tools and tests: each stack is <g data-side="s" data-point="p" data-count="n"> (p in the
// owner's own numbering, 25 = bar) holding min(n, 5) circles; each tray is
// <g data-off-side="s" data-count="n">; each play <g data-play="recorded|legal" data-side="s">.
// A side's checkers on the board and bar = the sum of data-count over its [data-point] groups.
import type { Side, Variant } from '../core/model.js';
import { checkersPerSide } from '../engine/board.js';
import { decodeMatchId, decodePositionId } from '../engine/ids.js';
import { itemAt } from '../core/at.js';

export interface BoardView {
  /** Checkers of each side in its OWN numbering (as src/engine/board.ts Position): [0] borne off, 1..24 points (home board 1-6), [25] bar. Side s's point p is the other side's point 25 - p. */
  sides: [ArrayLike<number>, ArrayLike<number>];
  /** The side whose numbering labels the points (the acting player): its home board is drawn bottom right, points 1..24 numbered from its side. */
  viewer: Side;
  /** Side on roll, or null (game over). */
  onRoll: Side | null;
  names: [string, string];
  /** Match score before the game's end, or null when unknown. */
  score: [number, number] | null;
  /** Match length; 0 = money; null = unknown. */
  length: number | null;
  cube: { value: number; owner: Side | -1 };
  crawford: boolean;
  dice: [number, number] | null;
  /** Plays drawn as arrows, each move [from, to] in the mover's own numbering (25 = bar, 0 = off). 'recorded' and 'legal' styled apart (red dashed vs green) with a legend. */
  plays?: { side: Side; kind: 'recorded' | 'legal'; moves: [number, number][] }[];
}

type Play = NonNullable<BoardView['plays']>[number];

// Geometry (viewBox units). Columns: cube, left half, bar, right half, trays.
const W = 520;
const PW = 32; // point width
const R = 15; // checker radius; a stack steps 2R
const LEFT_X = 48;
const BAR_X = 240;
const RIGHT_X = 280;
const TRAY_X = 478;
const BOARD_Y = 58;
const BED_TOP = 66;
const BED_BOTTOM = 402;
const MID = (BED_TOP + BED_BOTTOM) / 2;
const POINT_H = 150;
const STACK = 5;

const INK = '#333';
const FRAME = '#5b3f28';
const TRAY = '#3a2817';
const BED = '#efe4c8';
const POINTS = ['#b85a3e', '#5f7f8f'];
const CHECKER = [
  { fill: '#f8f4ea', stroke: '#6b6253', text: '#222' },
  { fill: '#2e2e33', stroke: '#000', text: '#fff' },
] as const;
const PLAY = {
  recorded: { color: '#d62728', dash: ' stroke-dasharray="7 4"', label: 'recorded play' },
  legal: { color: '#14963c', dash: '', label: 'legal play' },
};

// eslint-disable-next-line no-control-regex -- control characters are what clean() removes
const CONTROL = /[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff\ufffe\uffff]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const XML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Untrusted text made plain: line breaks and tabs a space, other controls removed, cut to `max` characters. */
function clean(s: string, max: number): string {
  const text = String(s)
    .replace(/[\t\n\r]+/g, ' ')
    .replace(CONTROL, '')
    .replace(LONE_SURROGATE, '\ufffd');
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const kept = chars.slice(0, max - 1).join('');
  return kept.trimEnd() + '\u2026';
}

function xml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => XML[c] ?? c);
}

/** Untrusted text made inert: clean() then XML-escaped. */
function svgText(s: string, max = 40): string {
  return xml(clean(s, max));
}

/** A generous estimate of the width of `s` at font size 1 (Helvetica-like: wide letters, CJK and emoji 1). */
function textWidth(s: string): number {
  let w = 0;
  for (const c of s) {
    if ((c.codePointAt(0) ?? 0) >= 0x2e80 || 'MWmw@'.includes(c)) w += 1;
    else if (c === ' ' || "fijlrt.,:;!|'()".includes(c)) w += 0.35;
    else w += c === c.toUpperCase() && c !== c.toLowerCase() ? 0.75 : 0.6;
  }
  return w;
}

/** A text element of cleaned `text`, squeezed into `max` units when its estimated width exceeds them. */
function fitted(text: string, x: number, y: number, size: number, max: number, attrs = ''): string {
  const fit = textWidth(text) * size > max ? ` textLength="${max}" lengthAdjust="spacingAndGlyphs"` : '';
  return `<text x="${x}" y="${y}" font-size="${size}"${attrs}${fit}>${xml(text)}</text>`;
}

/** A coordinate, at most one decimal (-0 prints as 0). */
function num(x: number): string {
  return String(Math.round(x * 10) / 10);
}

/** A count or score from the view: a whole number, '?' when it is not one. */
function int(x: number): string {
  return Number.isSafeInteger(x) ? String(x) : '?';
}

function count(a: ArrayLike<number>, i: number): number {
  const c = Number(a[i]);
  return Number.isFinite(c) && c > 0 ? Math.floor(c) : 0;
}

/** Pip count of a side (sum of point × checkers, bar counts 25). */
export function pipCount(side: ArrayLike<number>): number {
  let pips = 0;
  for (let p = 1; p <= 25; p++) pips += p * count(side, p);
  return pips;
}

/** Centre x of the viewer's point q (1..24). */
function pointX(q: number): number {
  if (q <= 6) return RIGHT_X + PW * (6 - q) + PW / 2;
  if (q <= 12) return LEFT_X + PW * (12 - q) + PW / 2;
  if (q <= 18) return LEFT_X + PW * (q - 13) + PW / 2;
  return RIGHT_X + PW * (q - 19) + PW / 2;
}

/** Centre of checker `k` (0 = outermost) of side `s` on its own point p (25 = bar, 0 = off: the tray). */
function slot(view: BoardView, s: Side, p: number, k: number): [number, number] {
  const top = s !== view.viewer;
  const k5 = Math.min(k, STACK - 1);
  if (p >= 25) return [BAR_X + 20, top ? MID - 18 - R - 2 * R * k5 : MID + 18 + R + 2 * R * k5];
  if (p <= 0) return [TRAY_X + 14, top ? BED_TOP + POINT_H / 2 : BED_BOTTOM - POINT_H / 2];
  const q = top ? 25 - p : p;
  const y = q >= 13 ? BED_TOP + R + 2 * R * k5 : BED_BOTTOM - R - 2 * R * k5;
  return [pointX(q), y];
}

/**
 * One stack: at most five circles, the last with the count when there are more. On a point both
 * sides hold (a record or ID can say so; the rules cannot), side 1 stacks on top of side 0.
 */
function stack(view: BoardView, s: Side, p: number, n: number): string {
  const under = s === 1 && p < 25 ? Math.min(count(view.sides[0], 25 - p), STACK - 1) : 0;
  const last = Math.min(under + n, STACK) - 1;
  let out = `<g data-side="${s}" data-point="${p}" data-count="${n}">`;
  for (let k = under; k <= last; k++) {
    const [x, y] = slot(view, s, p, k);
    out += `<circle cx="${x}" cy="${y}" r="${R - 0.5}"/>`;
  }
  if (n > last - under + 1) {
    const [x, y] = slot(view, s, p, last);
    const c = itemAt(CHECKER, s).text;
    out += `<text x="${x}" y="${y + 4.5}" fill="${c}" stroke="none" font-size="13" font-weight="bold">${n}</text>`;
  }
  return out + '</g>';
}

function checkers(view: BoardView, s: Side): string {
  const c = itemAt(CHECKER, s);
  let out = `<g fill="${c.fill}" stroke="${c.stroke}" stroke-width="1.2" text-anchor="middle">`;
  for (let p = 1; p <= 25; p++) {
    const n = count(view.sides[s], p);
    if (n > 0) out += stack(view, s, p, n);
  }
  return out + '</g>';
}

function tray(view: BoardView, s: Side): string {
  const n = count(view.sides[s], 0);
  const top = s !== view.viewer;
  const c = itemAt(CHECKER, s);
  let out = `<g data-off-side="${s}" data-count="${n}" fill="${c.fill}" stroke="${c.stroke}" stroke-width="0.8">`;
  const step = Math.min(10, (POINT_H - 4) / Math.max(n, 1));
  for (let k = 0; k < n; k++) {
    const y = top ? BED_TOP + 2 + step * k : BED_BOTTOM - 2 - step * (k + 1);
    out += `<rect x="${TRAY_X + 2}" y="${num(y)}" width="24" height="${num(step - 1.5)}" rx="1.5"/>`;
  }
  if (n > 0) {
    const y = top ? MID - 5 : MID + 14;
    out += `<text x="${TRAY_X + 14}" y="${y}" fill="#fff" stroke="none" text-anchor="middle" font-weight="bold">${n}</text>`;
  }
  return out + '</g>';
}

function frame(): string {
  const tri: [string, string] = ['', ''];
  for (let q = 1; q <= 24; q++) {
    const x = pointX(q) - PW / 2;
    const [y0, y1] = q >= 13 ? [BED_TOP, BED_TOP + POINT_H] : [BED_BOTTOM, BED_BOTTOM - POINT_H];
    tri[q % 2] += `M${x + 1} ${y0}H${x + PW - 1}L${x + PW / 2} ${y1}Z`;
  }
  const bedH = BED_BOTTOM - BED_TOP;
  const trayH = POINT_H;
  const numbers = (y: number, qs: number[]) => qs.map((q) => `<text x="${pointX(q)}" y="${y}">${q}</text>`).join('');
  const top = [13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24];
  const bottom = top.map((q) => 25 - q);
  return (
    `<rect x="8" y="${BOARD_Y}" width="${W - 16}" height="${BED_BOTTOM - BED_TOP + 16}" rx="6" fill="${FRAME}"/>` +
    `<rect x="${LEFT_X}" y="${BED_TOP}" width="${6 * PW}" height="${bedH}" fill="${BED}"/>` +
    `<rect x="${RIGHT_X}" y="${BED_TOP}" width="${6 * PW}" height="${bedH}" fill="${BED}"/>` +
    `<rect x="${TRAY_X}" y="${BED_TOP}" width="28" height="${trayH}" fill="${TRAY}"/>` +
    `<rect x="${TRAY_X}" y="${BED_BOTTOM - trayH}" width="28" height="${trayH}" fill="${TRAY}"/>` +
    `<path fill="${POINTS[0]}" d="${tri[0]}"/><path fill="${POINTS[1]}" d="${tri[1]}"/>` +
    `<g fill="#666" font-size="11" text-anchor="middle">${numbers(BOARD_Y - 6, top)}${numbers(BED_BOTTOM + 22, bottom)}</g>`
  );
}

function cube(view: BoardView): string {
  const { value, owner } = view.cube;
  const y = owner === -1 ? MID - 15 : owner === view.viewer ? BED_BOTTOM - 34 : BED_TOP + 4;
  const label = int(value);
  const size = label.length <= 2 ? 15 : label.length === 3 ? 12 : 9;
  return (
    `<g data-cube="${label}" data-cube-owner="${int(owner)}">` +
    `<rect x="13" y="${y}" width="30" height="30" rx="4" fill="#fff" stroke="#111" stroke-width="1.2"/>` +
    `<text x="28" y="${y + 15 + size * 0.36}" text-anchor="middle" font-size="${size}" font-weight="bold" fill="#111">${label}</text></g>`
  );
}

/** The pips of each face: cells of a 3 × 3 grid, 0 top left to 8 bottom right. */
const FACES = ['4', '08', '048', '0268', '02468', '036258'];

function dice(view: BoardView): string {
  if (!view.dice) return '';
  const s = view.onRoll ?? view.viewer;
  const colour = view.onRoll === null ? { fill: '#fff', stroke: '#111', text: '#111' } : CHECKER[s];
  const cx = s === view.viewer ? RIGHT_X + 3 * PW : LEFT_X + 3 * PW;
  let out = `<g data-dice="${int(view.dice[0])} ${int(view.dice[1])}">`;
  view.dice.forEach((d, i) => {
    const x = cx + (i === 0 ? -31 : 3);
    out += `<rect x="${x}" y="${MID - 14}" width="28" height="28" rx="5" fill="${colour.fill}" stroke="${colour.stroke}" stroke-width="1.2"/>`;
    const face = Number.isInteger(d) && d >= 1 && d <= 6 ? FACES[d - 1] : null;
    if (!face) {
      out += `<text x="${x + 14}" y="${MID + 5}" text-anchor="middle" font-size="14" fill="${colour.text}">${int(d)}</text>`;
      return;
    }
    for (const cell of face) {
      const [u, v] = [(Number(cell) % 3) - 1, Math.floor(Number(cell) / 3) - 1];
      out += `<circle cx="${x + 14 + 7 * u}" cy="${MID + 7 * v}" r="2.6" fill="${colour.text}"/>`;
    }
  });
  return out + '</g>';
}

/** The line of one player: colour, name, whether on roll, score, pip count. */
function player(view: BoardView, s: Side, y: number): string {
  const c = itemAt(CHECKER, s);
  const onRoll = view.onRoll === s;
  const name = clean(view.names[s], 40) || '(no name)';
  let out = `<circle cx="16" cy="${y - 4}" r="6.5" fill="${c.fill}" stroke="${c.stroke}" stroke-width="1.2"/>`;
  out += fitted(name, 28, y, 13, onRoll ? 262 : 340, onRoll ? ' font-weight="bold"' : '');
  out += `<text x="${W - 8}" y="${y}" text-anchor="end">pips <tspan font-weight="bold">${pipCount(view.sides[s])}</tspan></text>`;
  if (view.score)
    out += `<text x="${W - 80}" y="${y}" text-anchor="end">score <tspan font-weight="bold">${int(view.score[s])}</tspan></text>`;
  if (onRoll)
    out += `<text x="${W - 158}" y="${y}" text-anchor="end" fill="#b3261e" font-weight="bold">\u25b6 ${view.dice ? 'to play' : 'to roll'}</text>`;
  return out;
}

/** Match length, Crawford, game over: the top line, right. */
function matchLine(view: BoardView): string {
  const { length } = view;
  let text = length === null ? 'match length unknown' : length === 0 ? 'money game' : `${int(length)}-point match`;
  if (view.onRoll === null) text += ' \u00b7 game over';
  const crawford = view.crawford ? `<tspan fill="#b3261e" font-weight="bold"> \u00b7 Crawford</tspan>` : '';
  return `<text x="${W - 8}" y="16" text-anchor="end">${text}${crawford}</text>`;
}

/** An arrow for one move: a curve bowed towards the board's centre, a polygon head (no marker, no id). */
function arrow(a: [number, number], b: [number, number], colour: string, dash: string): string {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const len = Math.hypot(dx, dy) || 1;
  let [nx, ny] = [-dy / len, dx / len];
  const [mx, my] = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  if (nx * (W / 2 - mx) + ny * (MID - my) < 0) [nx, ny] = [-nx, -ny];
  const bow = Math.min(40, 0.25 * len);
  const [cx, cy] = [mx + nx * bow, my + ny * bow];
  const tl = Math.hypot(b[0] - cx, b[1] - cy) || 1;
  const [tx, ty] = [(b[0] - cx) / tl, (b[1] - cy) / tl];
  const [ex, ey] = [b[0] - tx * 11, b[1] - ty * 11];
  const corners: [number, number][] = [b, [ex - ty * 6, ey + tx * 6], [ex + ty * 6, ey - tx * 6]];
  const head = corners.map(([x, y]) => `${num(x)},${num(y)}`);
  return (
    `<path d="M${num(a[0])} ${num(a[1])}Q${num(cx)} ${num(cy)} ${num(ex)} ${num(ey)}" fill="none" stroke="${colour}" stroke-width="3.5" stroke-linecap="round"${dash}/>` +
    `<polygon points="${head.join(' ')}" fill="${colour}"/>`
  );
}

/** A play's arrows, each from the top checker of its point to where it lands as the play goes on. */
function play(view: BoardView, p: Play): string {
  const style = PLAY[p.kind] ?? PLAY.recorded;
  const s: Side = p.side === 1 ? 1 : 0;
  const counts: number[] = [];
  for (let i = 0; i <= 25; i++) counts.push(count(view.sides[s], i));
  let out = `<g data-play="${p.kind === 'legal' ? 'legal' : 'recorded'}" data-side="${s}" opacity="0.9">`;
  for (const [from, to] of p.moves) {
    const f = Math.max(0, Math.min(25, Math.floor(from) || 0));
    const t = Math.max(0, Math.min(25, Math.floor(to) || 0));
    const start = slot(view, s, f, Math.max(0, itemAt(counts, f) - 1));
    if (itemAt(counts, f) > 0) counts[f] = itemAt(counts, f) - 1;
    const end = slot(view, s, t, itemAt(counts, t));
    counts[t] = itemAt(counts, t) + 1;
    out += arrow(start, end, style.color, style.dash);
  }
  return out + '</g>';
}

function legend(kinds: ('recorded' | 'legal')[], y: number): string {
  let out = '<g data-legend="">';
  kinds.forEach((kind, i) => {
    const x = 16 + i * 150;
    const st = PLAY[kind];
    out += `<path d="M${x} ${y - 4}h34" stroke="${st.color}" stroke-width="3.5"${st.dash}/>`;
    out += `<text x="${x + 42}" y="${y}">${st.label}</text>`;
  });
  return out + '</g>';
}

/** The board as one standalone <svg> element (xmlns set, viewBox, no external refs, no script, no ids). */
export function boardSvg(view: BoardView, options: { title?: string } = {}): string {
  const plays = view.plays ?? [];
  const kinds = (['recorded', 'legal'] as const).filter((k) => plays.some((p) => p.kind === k));
  const height = kinds.length > 0 ? 474 : 454;
  const opponent: Side = view.viewer === 0 ? 1 : 0;
  const title = options.title === undefined ? '' : clean(options.title, 60);
  const label = xml(title) || `${svgText(view.names[0])} \u2013 ${svgText(view.names[1])}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${height}" width="${W}" height="${height}" ` +
    `font-family="Helvetica,Arial,sans-serif" font-size="12" fill="${INK}"><title>${label}</title>` +
    `<rect width="${W}" height="${height}" fill="#fff"/>` +
    (title ? fitted(title, 8, 16, 12, 320, ' font-weight="bold"') : '') +
    matchLine(view) +
    player(view, opponent, 38) +
    frame() +
    cube(view) +
    tray(view, 0) +
    tray(view, 1) +
    checkers(view, 0) +
    checkers(view, 1) +
    dice(view) +
    plays.map((p) => play(view, p)).join('') +
    player(view, view.viewer, 446) +
    (kinds.length > 0 ? legend(kinds, 466) : '') +
    '</svg>'
  );
}

/**
 * A BoardView from a GNU Backgammon Position ID (not on roll's half first) and Match ID. The
 * borne-off counts are the variant's checkers per side less those on the board (15 for
 * backgammon, 3 for hypergammon3). The on-roll half goes to the Match ID's side on roll, or,
 * without a Match ID, to `viewer` (default 0); `viewer` defaults to the side on roll. A game
 * over (Match ID game state over, resigned or dropped) has no side on roll. Dice: `ids.dice`
 * when given (null: none), else the Match ID's when rolled.
 */
export function boardViewFromIds(
  ids: { positionId: string; matchId: string | null; dice?: [number, number] | null },
  variant: Variant,
  names: [string, string],
  viewer?: Side,
): BoardView {
  const m = ids.matchId === null ? null : decodeMatchId(ids.matchId);
  const rolling: Side = m ? m.onRoll : (viewer ?? 0);
  const [notOnRoll, onRoll] = decodePositionId(ids.positionId);
  const total = checkersPerSide(variant);
  const side = (half: number[]) => {
    const a = new Uint8Array(26);
    let on = 0;
    for (let p = 1; p <= 25; p++) on += a[p] = itemAt(half, p - 1);
    a[0] = Math.max(0, total - on);
    return a;
  };
  const sides: [Uint8Array, Uint8Array] =
    rolling === 0 ? [side(onRoll), side(notOnRoll)] : [side(notOnRoll), side(onRoll)];
  const rolled = m !== null && m.dice[0] > 0 && m.dice[1] > 0;
  return {
    sides,
    viewer: viewer ?? rolling,
    onRoll: m !== null && m.gameState >= 2 ? null : rolling,
    names,
    score: m ? [m.score[0], m.score[1]] : null,
    length: m ? m.length : null,
    cube: m ? { value: m.cubeValue, owner: m.cubeOwner } : { value: 1, owner: -1 },
    crawford: m ? m.crawford : false,
    dice: ids.dice !== undefined ? ids.dice : rolled && m ? [m.dice[0], m.dice[1]] : null,
  };
}
