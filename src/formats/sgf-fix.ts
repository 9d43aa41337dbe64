// A check's correction (core/findings.ts, Correction) written as edits of an SGF record's text:
// the scores of the game's `MI[ws:..][bs:..]`, the points or the colour of its `RE[W+2]`, or its
// game tree's lines. Where the text is not as the record says (a tag left out, a game tree that
// does not start and end on lines of its own), there is no fix: null.
import type { Correction, FindingFix, TextEdit } from '../core/findings.js';
import type { GameRecord, MatchRecord, Side } from '../core/model.js';
import type { SourceText } from '../read/source-text.js';

export function sgfFix(c: Correction, index: number, record: MatchRecord, source: SourceText): FindingFix | null {
  const game = record.games[index];
  if (game === undefined) return null;
  switch (c.kind) {
    case 'score':
      return scoreFix(c.to, game, source);
    case 'points':
      return resultFix(game, source, (m) => ({ at: m.digitsAt, from: m.digits, to: String(c.to) }));
    case 'winner':
      return resultFix(game, source, (m) => ({ at: m.colourAt, from: m.colour, to: colourOf(c.to, m.colour) }));
    case 'remove-game':
      return removeFix(index, record, source);
  }
}

/** `W` or `B` for a side (White is side 0), in the case the record writes. */
function colourOf(side: Side, written: string): string {
  const letter = side === 0 ? 'W' : 'B';
  return written === written.toLowerCase() ? letter.toLowerCase() : letter;
}

/** The parts of `RE[W+2]` at the result's place: where its colour and its digits are on the line. */
interface ResultText {
  colour: string;
  colourAt: number;
  digits: string;
  digitsAt: number;
}

function resultFix(
  game: GameRecord,
  source: SourceText,
  edit: (m: ResultText) => { at: number; from: string; to: string },
): FindingFix | null {
  const r = game.result;
  if (r === null) return null;
  const text = source.lineText(r.line);
  if (text === null) return null;
  const m = /^RE\[(\s*)([BW])\+(\d+)/i.exec(text.slice(r.column - 1));
  if (m === null || Number(m[3]) !== r.points) return null;
  const colourAt = r.column - 1 + 3 + (m[1] ?? '').length;
  const parts = { colour: m[2] ?? '', colourAt, digits: m[3] ?? '', digitsAt: colourAt + 2 };
  const e = edit(parts);
  const one: TextEdit = { line: r.line, column: e.at + 1, from: e.from, to: e.to };
  return { edits: [one] };
}

/**
 * The game's `[ws:N]` and `[bs:N]` (GNU Backgammon's match information), on the lines of its root
 * node: from the game tree's first line to its first move.
 */
function scoreFix(to: [number, number], game: GameRecord, source: SourceText): FindingFix | null {
  const recorded = game.startScore;
  if (recorded === null) return null;
  const last = game.actions[0]?.line ?? game.result?.line ?? game.line;
  // A line that holds another game tree too (a collection written on one line) is not this game's alone.
  const first = source.lineText(game.line) ?? '';
  const opens = first.indexOf('(;');
  if (opens >= 0 && first.indexOf('(;', opens + 1) >= 0) return null;
  const edits: TextEdit[] = [];
  for (const [side, tag] of [
    [0, 'ws'],
    [1, 'bs'],
  ] as const) {
    if (to[side] === recorded[side]) continue;
    let found: TextEdit | null = null;
    for (let n = game.line; n <= last && found === null; n++) {
      const text = source.lineText(n) ?? '';
      const m = new RegExp(`\\[${tag}:(\\d+)\\]`).exec(text);
      if (m === null) continue;
      if (Number(m[1]) !== recorded[side]) return null;
      found = { line: n, column: m.index + 2 + tag.length + 1, from: m[1] ?? '', to: String(to[side]) };
    }
    if (found === null) return null;
    edits.push(found);
  }
  return edits.length === 0 ? null : { edits };
}

/**
 * A game tree on lines of its own: from its first line to the line before the next game's, or
 * to the file's last line that is not blank; each must start with `(` and the lines removed end
 * with `)`, else its extent is not certain: null.
 */
function removeFix(index: number, record: MatchRecord, source: SourceText): FindingFix | null {
  const game = record.games[index];
  if (game === undefined || game.unreadableFrom !== null) return null;
  if (!(source.lineText(game.line) ?? '').trimStart().startsWith('(')) return null;
  const next = record.games[index + 1];
  let end: number;
  if (next !== undefined) {
    if (!(source.lineText(next.line) ?? '').trimStart().startsWith('(')) return null;
    end = next.line - 1;
  } else {
    end = game.line;
    for (let n = game.line; source.lineText(n) !== null; n++) if ((source.lineText(n) ?? '').trim() !== '') end = n;
  }
  while (end > game.line && (source.lineText(end) ?? '').trim() === '') end--;
  if (end < game.line || !(source.lineText(end) ?? '').trimEnd().endsWith(')')) return null;
  // The lines are this game tree's alone: it opens at the start of its first, and no other opens in them.
  for (let n = game.line; n <= end; n++) {
    const text = source.lineText(n) ?? '';
    const opens = text.indexOf('(;');
    if (n === game.line ? text.indexOf('(;', opens + 1) >= 0 : opens >= 0) return null;
  }
  return { edits: [], remove: { line: game.line, lines: end - game.line + 1 } };
}
