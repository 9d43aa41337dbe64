// The finding catalogue, assembled from one file per code: each file under src/findings/ declares
// its code (severities, moment, meaning, why it matters, example record). The order here is the
// order of `bgaudit rules`, docs/rules.md and the JSON Schema's code lists.
import type { FindingDeclaration } from './declaration.js';
import { declaration as parseError } from './parse-error.js';
import { declaration as ioError } from './io-error.js';
import { declaration as encoding } from './encoding.js';
import { declaration as illegalMove } from './illegal-move.js';
import { declaration as turnOrder } from './turn-order.js';
import { declaration as playAfterEnd } from './play-after-end.js';
import { declaration as moveNotChecked } from './move-not-checked.js';
import { declaration as hitMarker } from './hit-marker.js';
import { declaration as cubeResponse } from './cube-response.js';
import { declaration as cubeOutOfTurn } from './cube-out-of-turn.js';
import { declaration as cubeValue } from './cube-value.js';
import { declaration as beaverInMatch } from './beaver-in-match.js';
import { declaration as autoDoubleInMatch } from './auto-double-in-match.js';
import { declaration as crawfordDouble } from './crawford-double.js';
import { declaration as openingDouble } from './opening-double.js';
import { declaration as winnerMismatch } from './winner-mismatch.js';
import { declaration as pointsMismatch } from './points-mismatch.js';
import { declaration as gammonOnDrop } from './gammon-on-drop.js';
import { declaration as resignValue } from './resign-value.js';
import { declaration as forfeit } from './forfeit.js';
import { declaration as resultMissing } from './result-missing.js';
import { declaration as andTheMatch } from './and-the-match.js';
import { declaration as scoreMismatch } from './score-mismatch.js';
import { declaration as gameNumber } from './game-number.js';
import { declaration as gameUnfinished } from './game-unfinished.js';
import { declaration as gameAfterMatch } from './game-after-match.js';
import { declaration as duplicateMatch } from './duplicate-match.js';
import { declaration as matchUnfinished } from './match-unfinished.js';
import { declaration as jacobyGammon } from './jacoby-gammon.js';
import { declaration as jacobyContradiction } from './jacoby-contradiction.js';
import { declaration as beaverNotAllowed } from './beaver-not-allowed.js';
import { declaration as cubeLimit } from './cube-limit.js';
import { declaration as cubeNotAllowed } from './cube-not-allowed.js';
import { declaration as matchLength } from './match-length.js';
import { declaration as samePlayer } from './same-player.js';
import { declaration as numberOutOfRange } from './number-out-of-range.js';
import { declaration as timeout } from './timeout.js';
import { declaration as memoryLimit } from './memory-limit.js';
import { declaration as internalError } from './internal-error.js';
import { declaration as rulesInferred } from './rules-inferred.js';
import { declaration as resultNoFile } from './result-no-file.js';
import { declaration as resultNotListed } from './result-not-listed.js';
import { declaration as resultWinner } from './result-winner.js';
import { declaration as resultScore } from './result-score.js';
import { declaration as resultLength } from './result-length.js';

const DECLARATIONS = [
  parseError,
  ioError,
  encoding,
  illegalMove,
  turnOrder,
  playAfterEnd,
  moveNotChecked,
  hitMarker,
  cubeResponse,
  cubeOutOfTurn,
  cubeValue,
  beaverInMatch,
  autoDoubleInMatch,
  crawfordDouble,
  openingDouble,
  winnerMismatch,
  pointsMismatch,
  gammonOnDrop,
  resignValue,
  forfeit,
  resultMissing,
  andTheMatch,
  scoreMismatch,
  gameNumber,
  gameUnfinished,
  gameAfterMatch,
  duplicateMatch,
  matchUnfinished,
  jacobyGammon,
  jacobyContradiction,
  beaverNotAllowed,
  cubeLimit,
  cubeNotAllowed,
  matchLength,
  samePlayer,
  numberOutOfRange,
  timeout,
  memoryLimit,
  internalError,
  rulesInferred,
  resultNoFile,
  resultNotListed,
  resultWinner,
  resultScore,
  resultLength,
] as const satisfies readonly FindingDeclaration[];

type Declared = (typeof DECLARATIONS)[number];

/** Each code's declaration, keyed by its code, in the order above. */
export const FINDING_CODES = Object.fromEntries(DECLARATIONS.map((d) => [d.code, d])) as {
  [D in Declared as D['code']]: D;
};
