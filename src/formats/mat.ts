// Jellyfish `.mat` match files, as every writer of them writes them (docs/dialects.md).
import { importMat } from '../import/mat.js';
import { otherFormatOfText } from '../import/other-formats.js';
import { matchesOfText, readByMatch } from '../read/by-match.js';
import { PieceMatches } from '../read/pieces.js';
import { sizeIn } from '../read/text-size.js';
import type { MatchFormat } from './format.js';
import { matFix } from './mat-fix.js';

export const MAT = {
  name: 'mat',
  kind: 'text',
  extensions: ['.mat'],
  placeUnit: 'line',
  // The reader of last resort: a text no other format claims is read as a .mat, whose reader says why it is not one.
  detects: () => true,
  unnamedSides: { inFindings: ['the left player', 'the right player'], onBoards: ['left player', 'right player'] },
  writesAutoDoubles: false,
  fixOf: matFix,
  piece: 'match',
  otherFormat: otherFormatOfText,
  importText: importMat,
  readText: (text, notes, file, each) => readByMatch(matchesOfText(text), notes, file, each),
  readPieces(pieces, encoding, notes, file, each, limit, tooLarge) {
    const reader = new PieceMatches(pieces, { bytes: limit, size: sizeIn(encoding) }, tooLarge);
    if (readByMatch(reader, notes, file, each)) return true;
    // No match-length line: read whole (it is within the limit), as the whole-file reader says why.
    const text = reader.wholeText();
    if (text === null) throw tooLarge(1);
    return text;
  },
} as const satisfies MatchFormat;
