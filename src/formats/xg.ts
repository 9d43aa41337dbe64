// eXtreme Gammon's .xg match files: a compressed archive of fixed-size records (docs/dialects.md).
import { XgDamaged, isXgContainer, xgGameFile } from '../import/xg/archive.js';
import { xgMatches } from '../import/xg/match.js';
import { XG_FILE } from '../import/parse-error.js';
import type { MatchFormat } from './format.js';

export const XG = {
  name: 'xg',
  kind: 'binary',
  extensions: ['.xg'],
  placeUnit: 'record',
  // XG names its players in the match header; a header with no name is XG's "player 1" and "player 2".
  unnamedSides: { inFindings: ['player 1', 'player 2'], onBoards: ['player 1', 'player 2'] },
  writesAutoDoubles: true,
  detectsBytes: isXgContainer,
  // XG saves a position in the same container as a match: a name ending in .xgp says which.
  nameTells: (file: string) => (/\.xgp$/i.test(file) ? 'position' : ''),
  readBytes(bytes, file, limit) {
    let gameFile: Uint8Array;
    try {
      // XG saves a position in the same container as a match: its name says which it is.
      if (XG.nameTells(file) !== '') throw new XgDamaged('it is an eXtreme Gammon position file (.xgp), not a match');
      gameFile = xgGameFile(bytes, limit);
    } catch (e) {
      if (!(e instanceof XgDamaged)) throw e;
      const found = e.message;
      // Line 0: no record of it can be named.
      return { matches: [], errors: [{ line: 0, column: 1, expected: XG_FILE, found, message: found }], text: '' };
    }
    const read = xgMatches(gameFile, file);
    return { matches: read.matches, errors: read.errors, text: read.listing };
  },
} as const satisfies MatchFormat;
