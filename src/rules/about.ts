// What each finding code's page says beyond the catalogue's one line: why it matters to someone
// acting on the record, and which bundled sample record shows it (the example is taken from that
// file by scripts/rule-docs.ts, never written by hand, so it is always what bgaudit says).
import type { FindingCode } from '../core/findings.js';

interface About {
  /** Why a director, an archivist or an analyst should care. */
  why: string;
  /** A file under fixtures/ whose audit shows the code, or null where no single record can. */
  example: string | null;
}

export const ABOUT: Record<FindingCode, About> = {
  'parse-error': {
    why: 'A line that cannot be read is a line whose moves, cube actions or result are not checked. The reader goes on with the next line it can place, so one bad line costs one finding, not the file.',
    example: 'mat/broken/die-out-of-range.mat',
  },
  'io-error': {
    why: 'A file that cannot be read is not audited at all: the run says so rather than passing over it, so every input is accounted for.',
    example: null,
  },
  encoding: {
    why: 'Names written in Windows-1252 read wrongly as UTF-8; bgaudit reads them as the writer meant and says it did, so a name that looks odd can be traced.',
    example: 'mat/cp1252-names-illegal-play.mat',
  },
  'illegal-move': {
    why: 'A move the dice or the board do not allow means the record is not the game that was played: a transcription slip, an edited file or a broken writer. Later lines are judged against the board the record itself makes.',
    example: 'scoring/illegal-move.mat',
  },
  'turn-order': {
    why: 'The same player rolling twice in a row means a missing or misplaced line: every position after it is wrong.',
    example: 'scoring/turn-order.mat',
  },
  'play-after-end': {
    why: 'Moves after the last checker is borne off were not played: the game ended earlier than the record says.',
    example: 'scoring/play-after-end.mat',
  },
  'move-not-checked': {
    why: "Some writers put '???' or 'Illegal play' where they lost a move; the rest of that game cannot be replayed, and the result is taken as recorded.",
    example: 'scoring/move-not-checked.mat',
  },
  'hit-marker': {
    why: "A '*' where nothing is hit, or a hit left unmarked by a writer that marks hits, points at a move copied wrongly.",
    example: 'scoring/hit-marker.mat',
  },
  'cube-response': {
    why: 'A take or a drop with no double before it, or a double nobody answered, leaves the cube value of the game in doubt, and with it the points.',
    example: 'scoring/cube-response.mat',
  },
  'cube-out-of-turn': {
    why: 'Only the player who owns the cube (or anybody, while it is centred) may double, and only before rolling: a double out of turn changes the points the game is worth.',
    example: 'scoring/cube-out-of-turn.mat',
  },
  'cube-value': {
    why: 'The cube doubles: a recorded value that is not twice the last one changes the points of the game.',
    example: 'scoring/cube-value.mat',
  },
  'beaver-in-match': {
    why: 'Beavers are a money-game rule; in match play they are not allowed, and the points recorded rest on a cube that could not be.',
    example: 'scoring/beaver-in-match.mat',
  },
  'auto-double-in-match': {
    why: 'Automatic doubles are a money-session convention; a match game that starts on a turned cube scores points the match rules do not give.',
    example: 'scoring/auto-double-in-match.sgf',
  },
  'crawford-double': {
    why: 'No double is allowed in the Crawford game; a game played on a doubled cube there is scored at twice what it may be worth.',
    example: 'scoring/crawford-double.mat',
  },
  'opening-double': {
    why: 'The opening roll is rolled one die each until they differ, so a first roll of doubles is impossible in standard rules: the record is not the game played.',
    example: 'scoring/opening-double.mat',
  },
  'winner-mismatch': {
    why: 'The player credited with the game is not the one who bore off or was left standing: the score after it is wrong for both.',
    example: 'scoring/winner-mismatch.mat',
  },
  'points-mismatch': {
    why: 'The points credited must be the cube times single, gammon or backgammon as the final board shows; a wrong figure changes the match score and everything that rests on it.',
    example: 'scoring/points-mismatch.mat',
  },
  'gammon-on-drop': {
    why: 'A dropped double is worth the cube before the double, never a gammon: a classic slip that moves the score by a game or more.',
    example: 'scoring/gammon-on-drop.mat',
  },
  'resign-value': {
    why: 'A resignation is for a single, a gammon or a backgammon, times the cube; another value cannot be what was agreed.',
    example: 'scoring/resign-value.mat',
  },
  forfeit: {
    why: 'A player who leaves a match forfeits it; the opponent is credited the points still needed, and the record says so. Told so that the match is not taken for one played out.',
    example: 'accuracy/forfeit-galaxy-after-one-roll.mat',
  },
  'result-missing': {
    why: 'The game ended on the board but the record does not say who was credited what: the score lines after it cannot be checked against it.',
    example: 'scoring/result-missing.mat',
  },
  'and-the-match': {
    why: 'A record that claims the match on a game that does not reach the length has a wrong score somewhere before it.',
    example: 'scoring/and-the-match.mat',
  },
  'score-mismatch': {
    why: "A score line that does not follow from the record's own results is either a transcription slip or an edited result; the finding is on the score line that is wrong, and the lines after it are judged by the results again.",
    example: 'scoring/score-mismatch.mat',
  },
  'game-number': {
    why: "'Game N' labels out of sequence suggest a game lost or repeated when files were joined.",
    example: 'scoring/game-number.mat',
  },
  'game-unfinished': {
    why: 'A game with no result that is followed by another leaves the score of every later game in doubt.',
    example: 'scoring/game-unfinished.mat',
  },
  'game-after-match': {
    why: 'A game recorded after the match was won was not part of the match: its points must not be counted in standings or ratings.',
    example: 'scoring/game-after-match.mat',
  },
  'duplicate-match': {
    why: 'The same match in two files (a download folder merged with its backup, a .mat beside its .sgf) counts twice in statistics, standings and ratings unless one copy is set aside.',
    example: null,
  },
  'match-unfinished': {
    why: 'A record that stops before anybody reaches the length is not a match result: a forfeit, a lost connection or a file cut short.',
    example: 'scoring/match-unfinished.mat',
  },
  'jacoby-gammon': {
    why: 'Under the Jacoby rule a gammon with the cube never turned counts as a single; a full gammon there means the session was scored under other rules than it says.',
    example: 'scoring/money-jacoby-gammon.mat',
  },
  'jacoby-contradiction': {
    why: 'One money session cannot be played both with and without the Jacoby rule: some of its games are scored wrongly.',
    example: 'scoring/money-jacoby-contradiction.mat',
  },
  'beaver-not-allowed': {
    why: 'A beaver in a session played without beavers doubles a cube that could not be doubled, and the points with it.',
    example: 'scoring/money-beaver-not-allowed.mat',
  },
  'cube-limit': {
    why: 'A double above the agreed cube limit scores a game at more than it may be worth.',
    example: 'scoring/money-cube-limit.mat',
  },
  'cube-not-allowed': {
    why: 'Nardy and tavla are played without a doubling cube; a cube action there is not part of the game.',
    example: 'scoring/nardy-cube.mat',
  },
  'match-length': {
    why: 'Nardy matches are played to 1, 3, 5 or 7; another length suggests the variant or the length was recorded wrongly.',
    example: 'scoring/nardy-length.mat',
  },
  'number-out-of-range': {
    why: 'A number past what it can mean (a match to 100,000 points, a cube of 2^40) is a corrupt record; one a Match ID cannot hold is only told.',
    example: 'scoring/number-out-of-range.mat',
  },
  timeout: {
    why: 'A file that takes longer than --file-timeout to audit is stopped so that one hostile or broken file cannot hold up an archive; it is reported, not passed over.',
    example: null,
  },
  'memory-limit': {
    why: 'A file that needs more memory than a worker may take is stopped so that it cannot take the whole run down; it is reported, not passed over.',
    example: null,
  },
  'internal-error': {
    why: 'bgaudit failed on this file: a bug. The file is reported so nothing is silently passed over; please report it with the file.',
    example: null,
  },
  'rules-inferred': {
    why: 'A money session does not say whether it was played with the Jacoby rule or beavers; bgaudit reads it from the games and says what it read, so a verdict can be checked.',
    example: 'scoring/money-jacoby-inferred.mat',
  },
  'result-no-file': {
    why: 'A result on the sheet with no match file behind it cannot be checked: the record is lost, was never sent, or is filed under other names (an alias list maps them).',
    example: 'results/results.csv',
  },
  'result-not-listed': {
    why: 'A match file the results sheet does not list is a match the standings do not count, or a file that belongs to another event: either the sheet or the archive is incomplete.',
    example: 'results/results.csv',
  },
  'result-winner': {
    why: 'The sheet and the record disagree on who won: the published result, the standings and the ratings follow the sheet, so one of the two is wrong and must be corrected.',
    example: 'results/results.csv',
  },
  'result-score': {
    why: "The score on the sheet is not the one the record's games add up to (each side's points capped at the length): a slip of the scorer, or a record that is not the match played.",
    example: 'results/results.csv',
  },
  'result-length': {
    why: 'A match filed at another length than the one played counts wrongly in the standings and in the ratings, which weigh a match by its length.',
    example: 'results/results.csv',
  },
};
