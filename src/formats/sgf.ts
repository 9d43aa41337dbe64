// GNU Backgammon's SGF: a collection of game trees, one a game (docs/dialects.md).
import { SgfMatches, importSgf, wholeTrees, type TreeSource } from '../import/sgf.js';
import { SgfPieceTrees } from '../import/sgf-pieces.js';
import type { EachMatch } from '../read/by-match.js';
import { sizeIn } from '../read/text-size.js';
import type { Finding } from '../core/model.js';
import type { MatchFormat } from './format.js';
import { sgfFix } from './sgf-fix.js';

/** An SGF collection's matches, game tree by game tree; false when it must be read whole (some may have been given). */
function byTree(trees: TreeSource, notes: Finding[], file: string, each: EachMatch): boolean {
  const matches = new SgfMatches(trees, file);
  let k = 0;
  for (let m = matches.next(); m !== null; m = matches.next()) {
    each(m, matches.source, k === 0 ? notes : [], k);
    k++;
  }
  return !matches.whole;
}

export const SGF = {
  name: 'sgf',
  kind: 'text',
  extensions: ['.sgf'],
  placeUnit: 'line',
  detects: (head) => /^\s*\(\s*;/.test(head),
  unnamedSides: { inFindings: ['White', 'Black'], onBoards: ['White', 'Black'] },
  writesAutoDoubles: true,
  fixOf: sgfFix,
  piece: 'game tree',
  otherFormat: () => null,
  importText: importSgf,
  readText: (text, notes, file, each) => byTree(wholeTrees(text), notes, file, each),
  // An SGF collection that must be read whole (where its errors are listed depends on all of it) is too large to.
  readPieces: (pieces, encoding, notes, file, each, limit, tooLarge) =>
    byTree(new SgfPieceTrees(pieces, { bytes: limit, size: sizeIn(encoding) }, tooLarge), notes, file, each),
} as const satisfies MatchFormat;
