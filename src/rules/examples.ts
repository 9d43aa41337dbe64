// Made by scripts/rule-docs.ts (npm run docs) from the bundled sample records: do not edit.
import type { FindingCode } from '../core/findings.js';

/** A record that shows a code: the file, its numbered lines up to the finding, the finding. */
export interface Example {
  file: string;
  lines: string[];
  finding: string;
}

export const EXAMPLES: Partial<Record<FindingCode, Example>> = {
  'parse-error': {
    file: 'mat/broken/die-out-of-range.mat',
    lines: [
      '5 |  Game 1',
      '6 |  charlot1 : 0                   charlot2 : 0',
      '7 |   1)                             62: 24/18 13/11',
      '8 |   2) 72: 13/7* 24/22             51:',
      '9 |       Wins 1 point',
    ],
    finding:
      "fixtures/mat/broken/die-out-of-range.mat:8:6: error parse-error cannot read this line: expected a roll: two dice from 1 to 6 and ':', like '52:', found '72:'",
  },
  encoding: {
    file: 'mat/cp1252-names-illegal-play.mat',
    lines: [' 9 |   2) 62: Illegal play            51:', '10 |       Wins 1 point', '11 | ', '12 | '],
    finding:
      'fixtures/mat/cp1252-names-illegal-play.mat: info encoding the file is not valid UTF-8; it was read as Windows-1252',
  },
  'illegal-move': {
    file: 'scoring/illegal-move.mat',
    lines: [
      ' 6 |  Game 1',
      ' 7 |  Anna : 0                       Boris : 0',
      ' 8 |   1)                             41: 13/9 24/23',
      ' 9 |   2) 64: 24/18 18/13             54: 8/4 9/4',
      '10 |   3) 52: 13/8 13/11              65: 23/18 24/18',
    ],
    finding:
      'fixtures/scoring/illegal-move.mat:9:6: error illegal-move 64: 18/13 is 5 pips; the roll 6-4 moves 6, 4 or 10',
  },
  'turn-order': {
    file: 'scoring/turn-order.mat',
    lines: [
      ' 7 |  Anna : 0                       Boris : 0',
      ' 8 |   1)                             41: 13/9 24/23',
      ' 9 |   2) 65: 24/18 18/13',
      '10 |   3) 52: 13/8 13/11              65: 23/18 24/18',
      '11 |   4) 61: 6/5 11/5                21: 13/11 11/10',
    ],
    finding: "fixtures/scoring/turn-order.mat:10:6: error turn-order Anna rolls 52, but it is Boris's turn",
  },
  'play-after-end': {
    file: 'scoring/play-after-end.mat',
    lines: [
      '22 |  15) 32: 6/3 3/1                 44: 18/14 14/10 10/6 8/4',
      '23 |  16) 64: 13/9 13/7                Doubles => 2',
      '24 |  17)  Drops                       Wins 1 point',
      '25 |  18) 31: 8/5 6/5',
      '26 | ',
    ],
    finding:
      'fixtures/scoring/play-after-end.mat:25:6: error play-after-end the game was already over (drop on line 24), yet the record goes on',
  },
  'move-not-checked': {
    file: 'scoring/move-not-checked.mat',
    lines: [
      ' 7 |  Anna : 0                       Boris : 0',
      ' 8 |   1)                             41: 13/9 24/23',
      ' 9 |   2) 65: 24/18 18/13             54: 8/4 9/4',
      '10 |   3) 52: ???              65: 23/18 24/18',
      '11 |   4) 61: 6/5 11/5                21: 13/11 11/10',
    ],
    finding:
      "fixtures/scoring/move-not-checked.mat:10:6: warning move-not-checked the record has '???' (the move is not recorded); the game is not replayed past this roll",
  },
  'hit-marker': {
    file: 'scoring/hit-marker.mat',
    lines: [
      '5 | ',
      '6 |  Game 1',
      '7 |  Anna : 0                       Boris : 0',
      '8 |   1) 51: 13/8* 24/23              52: 13/8 24/22',
      '9 |   2) 43: 24/20 23/20             51: 13/8 22/21',
    ],
    finding: "fixtures/scoring/hit-marker.mat:8:6: warning hit-marker '*' on point 8, but no checker is hit there",
  },
  'cube-response': {
    file: 'scoring/cube-response.mat',
    lines: [
      '12 |   5) 21: 6/5 24/22               52: 10/8 13/8',
      '13 |   6) 62: 22/20 20/14             65: 8/3 8/2',
      '14 |   7) 11: 14/13 6/5 5/4 5/4       43: 8/5 8/4',
      '15 |   8)  Takes',
      '16 |   8) 51: 13/8 4/3                31: 5/4 4/1',
    ],
    finding: 'fixtures/scoring/cube-response.mat:15:7: error cube-response a take with no double to answer',
  },
  'cube-out-of-turn': {
    file: 'scoring/cube-out-of-turn.mat',
    lines: [
      '32 |  25) 61:                         51: 6/1 6/5',
      '33 |  26) 42:                         65: 5/0 5/0',
      '34 |  27) 65: 25/20* 20/14            51:',
      '35 |  28)                              Doubles => 4',
      '36 |  29)  Drops',
    ],
    finding:
      'fixtures/scoring/cube-out-of-turn.mat:35:35: error cube-out-of-turn Boris doubles, but Anna owns the cube',
  },
  'cube-value': {
    file: 'scoring/cube-value.mat',
    lines: [
      '20 |  13) 53: 8/5 8/3                 62: 6/4 7/1',
      '21 |  14) 53: 5/2 6/1                 64: 18/14 14/8',
      '22 |  15) 32: 6/3 3/1                 44: 18/14 14/10 10/6 8/4',
      '23 |  16) 64: 13/9 13/7                Doubles => 3',
      '24 |  17)  Drops                       Wins 1 point',
    ],
    finding:
      "fixtures/scoring/cube-value.mat:23:35: error cube-value the record writes '=> 3', but doubling a 1-cube makes 2",
  },
  'beaver-in-match': {
    file: 'scoring/beaver-in-match.mat',
    lines: [
      ' 8 |   1)                             61: 13/7 8/7',
      ' 9 |   2) 31: 6/5 8/5                 32: 13/10 24/22',
      '10 |   3) 44: 24/20 24/20 13/9 13/9   43: 22/18 13/10',
      '11 |   4)  Doubles => 2                Beavers => 4',
      '12 |   5) 53: 13/10 10/5              22: 13/11 13/11 6/4 6/4',
    ],
    finding:
      'fixtures/scoring/beaver-in-match.mat:11:35: error beaver-in-match Boris beavers: beavers and raccoons are for money play, not in a match',
  },
  'auto-double-in-match': {
    file: 'scoring/auto-double-in-match.sgf',
    lines: [
      '1 | (',
      '2 | ;FF[4]GM[6]CA[UTF-8]AP[BackgammonMobile:0.1]MI[length:5][game:0][ws:0][bs:0]PW[AI(5)]PB[PL1]DT[2013-02-03]RU[Crawford]CV[2]RE[W+4]',
      '3 | ;B[43lplo]',
    ],
    finding:
      'fixtures/scoring/auto-double-in-match.sgf:2: error auto-double-in-match the game starts with the cube at 2 (automatic doubles), which match play does not allow; it is scored with that cube',
  },
  'crawford-double': {
    file: 'scoring/crawford-double.mat',
    lines: [
      '106 |  10) 41: 7/6 6/2                 31: 3/2 6/3',
      '107 |  11) 54: 6/1 6/2                 42: 6/2 3/1',
      '108 |  12) 21: 6/4 2/1                 55: 20/15 20/15 15/10 15/10',
      '109 |  13) 54: 8/3 8/4                  Doubles => 2',
      '110 |  14)  Takes                      33: 10/7 10/7 9/6 9/6',
    ],
    finding:
      'fixtures/scoring/crawford-double.mat:109:35: error crawford-double Boris doubles in the Crawford game, where no double is allowed; the game is scored as if it had not been made: 1 point, where the record gives 2',
  },
  'opening-double': {
    file: 'scoring/opening-double.mat',
    lines: [
      '5 | ',
      '6 |  Game 1',
      '7 |  Anna : 0                       Boris : 0',
      '8 |   1)                             44: 24/20 24/20 13/9 13/9',
      '9 |   2) 31: 13/10 24/23             Doubles => 2',
    ],
    finding:
      'fixtures/scoring/opening-double.mat:8:34: error opening-double the game opens with 4-4: the opening roll is one die each, so it is never a double',
  },
  'winner-mismatch': {
    file: 'scoring/winner-mismatch.mat',
    lines: [
      '33 |  26) 54: 23/19 19/14             42: 3/1 3/0',
      '34 |  27) 21: 8/6 14/13               54: 3/0 1/0',
      '35 |  28) 53: 13/8 8/5                21: 1/0',
      '36 |       Wins 4 points',
      '37 | ',
    ],
    finding:
      'fixtures/scoring/winner-mismatch.mat:36:7: error winner-mismatch the record gives the game to Anna, but Boris bore off all checkers',
  },
  'points-mismatch': {
    file: 'scoring/points-mismatch.mat',
    lines: [
      '79 |  26) 54: 23/19 19/14             42: 3/1 3/0',
      '80 |  27) 21: 8/6 14/13               54: 3/0 1/0',
      '81 |  28) 53: 13/8 8/5                21: 1/0',
      '82 |                                   Wins 3 points',
      '83 | ',
    ],
    finding:
      'fixtures/scoring/points-mismatch.mat:82:35: error points-mismatch a gammon on a 2-cube is worth 4 points; the record says 3',
  },
  'gammon-on-drop': {
    file: 'scoring/gammon-on-drop.mat',
    lines: [
      '22 |  15) 32: 6/3 3/1                 44: 18/14 14/10 10/6 8/4',
      '23 |  16) 64: 13/9 13/7                Doubles => 2',
      '24 |  17)  Drops',
      '25 |                                   Wins 2 points',
      '26 | ',
    ],
    finding:
      'fixtures/scoring/gammon-on-drop.mat:25:35: error gammon-on-drop a refused double scores the cube before it, 1 point, never a gammon; the record says 2',
  },
  'resign-value': {
    file: 'scoring/resign-value.mat',
    lines: [
      '25 |  18) 44: 14/10 14/10 10/6 10/6   21: 9/7 8/7',
      '26 |  19) 61: 6/5                     53: 8/3 6/3',
      '27 |  20) 53: 5/2 6/1                 22: 13/11 11/9 9/7 7/5',
      '28 |       Wins 3 points',
      '29 | ',
    ],
    finding:
      'fixtures/scoring/resign-value.mat:28:7: warning resign-value a resignation on a 2-cube is worth 2, 4, 6, not 3; counted as 4',
  },
  forfeit: {
    file: 'accuracy/forfeit-galaxy-after-one-roll.mat',
    lines: [
      '19 |  lasse : 0                       eighttimez8 : 0',
      '20 |   1) 61: 13/7 8/7                 Losses 5 point',
      '21 | ',
      '22 |       Wins 5 point and the match',
      '23 | ',
    ],
    finding:
      'fixtures/accuracy/forfeit-galaxy-after-one-roll.mat:22:7: info forfeit eighttimez8 forfeits the match at 0-0; lasse is credited the 5 points still needed',
  },
  'result-missing': {
    file: 'scoring/result-missing.mat',
    lines: [
      '21 |  14) 53: 5/2 6/1                 64: 18/14 14/8',
      '22 |  15) 32: 6/3 3/1                 44: 18/14 14/10 10/6 8/4',
      '23 |  16) 64: 13/9 13/7                Doubles => 2',
      '24 |  17)  Drops',
      '25 | ',
    ],
    finding:
      'fixtures/scoring/result-missing.mat:24: warning result-missing the record has no result line; Boris won 1 point by a drop',
  },
  'and-the-match': {
    file: 'scoring/and-the-match.mat',
    lines: [
      '22 |  15) 32: 6/3 3/1                 44: 18/14 14/10 10/6 8/4',
      '23 |  16) 64: 13/9 13/7                Doubles => 2',
      '24 |  17)  Drops',
      '25 |                                   Wins 1 point and the match',
      '26 | ',
    ],
    finding:
      'fixtures/scoring/and-the-match.mat:25:35: warning and-the-match the record says "and the match", but Boris reaches 1 of 3',
  },
  'score-mismatch': {
    file: 'scoring/score-mismatch.mat',
    lines: [
      '24 |  17)  Drops                       Wins 1 point',
      '25 | ',
      '26 |  Game 2',
      '27 |  Anna : 0                       Boris : 0',
      '28 |   1) 64: 24/18 18/14             53: 6/3 8/3',
    ],
    finding:
      'fixtures/scoring/score-mismatch.mat:27: error score-mismatch the record starts this game at 0-0, but the games before it add up to 0-1',
  },
  'game-number': {
    file: 'scoring/game-number.mat',
    lines: ['3 | ', '4 |  3 point match', '5 | ', '6 |  Game 2', '7 |  Anna : 0                       Boris : 0'],
    finding: "fixtures/scoring/game-number.mat:6: warning game-number game 1 of the match is labelled 'Game 2'",
  },
  'game-unfinished': {
    file: 'scoring/game-unfinished.mat',
    lines: ['3 | ', '4 |  3 point match', '5 | ', '6 |  Game 1', '7 |  Anna : 0                       Boris : 0'],
    finding:
      'fixtures/scoring/game-unfinished.mat:6: error game-unfinished the game has no result and no end, yet another game follows it',
  },
  'game-after-match': {
    file: 'scoring/game-after-match.mat',
    lines: [
      '23 |  16) 64: 13/9 13/7                Doubles => 2',
      '24 |  17)  Drops                       Wins 1 point',
      '25 | ',
      '26 |  Game 2',
      '27 |  Anna : 0                       Boris : 1',
    ],
    finding:
      'fixtures/scoring/game-after-match.mat:26: error game-after-match the match was won in game 1; no game may follow it',
  },
  'match-unfinished': {
    file: 'scoring/match-unfinished.mat',
    lines: [
      '21 |  14) 53: 5/2 6/1                 64: 18/14 14/8',
      '22 |  15) 32: 6/3 3/1                 44: 18/14 14/10 10/6 8/4',
      '23 |  16) 64: 13/9 13/7                Doubles => 2',
      '24 |  17)  Drops                       Wins 1 point',
      '25 | ',
    ],
    finding:
      'fixtures/scoring/match-unfinished.mat:24: warning match-unfinished the record stops at 0-1 in a 3-point match: nobody has won it',
  },
  'jacoby-gammon': {
    file: 'scoring/money-jacoby-gammon.mat',
    lines: [
      '75 |  30) 44: 22/18 18/14 14/10 10/6  11: 2/1 2/1 1/0 1/0',
      '76 |  31) 22: 18/16 16/14 14/12 12/10 65: 2/0 1/0',
      '77 |  32) 21: 10/9 9/7                42: 1/0 1/0',
      '78 |                                   Wins 2 points',
      '79 | ',
    ],
    finding:
      'fixtures/scoring/money-jacoby-gammon.mat:78:35: error jacoby-gammon under the Jacoby rule a gammon with the cube never turned counts as a single, 1 point; the record says 2',
  },
  'jacoby-contradiction': {
    file: 'scoring/money-jacoby-contradiction.mat',
    lines: [
      '111 |  31) 43: 2/0 2/0                 41: 8/4 18/17',
      '112 |  32) 61: 2/1* 2/0                53: 25/20 20/17',
      '113 |  33) 51: 1/0',
      '114 |       Wins 2 points',
      '115 | ',
    ],
    finding:
      'fixtures/scoring/money-jacoby-contradiction.mat:114:7: error jacoby-contradiction this session scores gammons on an unturned cube both ways: as singles (Jacoby) in games 1, 2, as gammons in game 3',
  },
  'beaver-not-allowed': {
    file: 'scoring/money-beaver-not-allowed.mat',
    lines: [
      '22 |  14) 53: 5/2 6/1                 64: 18/14 14/8',
      '23 |  15) 32: 6/3 3/1                 44: 18/14 14/10 10/6 8/4',
      '24 |  16) 64: 13/9 13/7                Doubles => 2',
      '25 |  17)  Beavers => 4                Drops',
      '26 |       Wins 2 points',
    ],
    finding:
      'fixtures/scoring/money-beaver-not-allowed.mat:25:7: error beaver-not-allowed Anna beavers, but this session is played without beavers (its header says so)',
  },
  'cube-limit': {
    file: 'scoring/money-cube-limit.mat',
    lines: [
      '33 |  25) 61:                         51: 6/1 6/5',
      '34 |  26) 42:                         65: 5/0 5/0',
      '35 |  27) 65: 25/20* 20/14            51:',
      '36 |  28)  Doubles => 4                Drops',
      '37 |       Wins 2 points',
    ],
    finding:
      'fixtures/scoring/money-cube-limit.mat:36:7: error cube-limit Anna doubles to 4, above the cube limit of 2',
  },
  'cube-not-allowed': {
    file: 'scoring/nardy-cube.mat',
    lines: [
      '21 |  13) 53: 8/5 8/3                 62: 6/4 7/1',
      '22 |  14) 53: 5/2 6/1                 64: 18/14 14/8',
      '23 |  15) 32: 6/3 3/1                 44: 18/14 14/10 10/6 8/4',
      '24 |  16) 64: 13/9 13/7                Doubles => 2',
      '25 |  17)  Drops                       Wins 1 point',
    ],
    finding:
      'fixtures/scoring/nardy-cube.mat:24:35: error cube-not-allowed Boris doubles, but nardy is played without a doubling cube',
  },
  'match-length': {
    file: 'scoring/nardy-length.mat',
    lines: [
      '2 | ; A nardy match to 4: nardy matches are played to 1, 3, 5 or 7.',
      '3 | ; [Variation "Nardy"]',
      '4 | ',
      '5 |  4 point match',
      '6 | ',
    ],
    finding:
      'fixtures/scoring/nardy-length.mat:5: warning match-length nardy matches are played to 1, 3, 5, 7 points, not 4',
  },
  'same-player': {
    file: 'scoring/same-player.mat',
    lines: [
      "1 | ; Made by hand from the first game of gammon-on-drop.mat, for bgaudit's same-player finding: the",
      '2 | ; record names one player on both sides (the case differs), as a test game or a lost name would.',
      '3 | ',
      '4 |  3 point match',
      '5 | ',
    ],
    finding:
      'fixtures/scoring/same-player.mat:4: warning same-player both sides of the match are one player, Anna and anna: nobody plays themself',
  },
  'number-out-of-range': {
    file: 'scoring/number-out-of-range.mat',
    lines: [
      '22 |  15) 32: 6/3 3/1                 44: 18/14 14/10 10/6 8/4',
      '23 |  16) 64: 13/9 13/7                Doubles => 2',
      '24 |  17)  Drops',
      '25 |                                   Wins 10000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000 points',
      '26 | ',
    ],
    finding:
      "fixtures/scoring/number-out-of-range.mat:25:35: error number-out-of-range 'Wins 1000000000…000000 (401 digits) points' is more than any game can be worth (at most 32767); the points are unknown",
  },
  'rules-inferred': {
    file: 'scoring/money-jacoby-inferred.mat',
    lines: [
      '2 | ; Money, no Jacoby header: a gammon on an unturned cube recorded as a single shows the',
      '3 | ; session used the Jacoby rule.',
      '4 | ',
      '5 |  0 point match',
      '6 | ',
    ],
    finding:
      'fixtures/scoring/money-jacoby-inferred.mat:5: info rules-inferred played with the Jacoby rule, as the record shows: on a cube never turned, game 1 is scored as a single',
  },
  'result-no-file': {
    file: 'results/results.csv',
    lines: [
      '15 | 4,1,White_gnubg,Black_gnubg,2,4,7,7,2026.11.29,gnubg',
      '16 | 4,2,White_gnubg,Black_gnubg,Black_gnubg,0,3,3,,gnubg',
      '17 | 4,3,Black_gnubg,White_gnubg,1,3,0,3,,gnubg',
      '18 | 4,4,Llabba,Nobody,Llabba,7,3,7,2023-11-01,Club ladder',
      '19 | ',
    ],
    finding:
      'fixtures/results/results.csv:18: error result-no-file fixtures/results/results.csv:18: no match file of the run pairs with this row (Llabba v Nobody, 2023-11-01, 7 points) [Round: 4, Table: 4, Event: Club ladder]',
  },
  'result-not-listed': {
    file: 'results/results.csv',
    lines: [
      '16 | 4,2,White_gnubg,Black_gnubg,Black_gnubg,0,3,3,,gnubg',
      '17 | 4,3,Black_gnubg,White_gnubg,1,3,0,3,,gnubg',
      '18 | 4,4,Llabba,Nobody,Llabba,7,3,7,2023-11-01,Club ladder',
      '19 | ',
    ],
    finding:
      'fixtures/results/results.csv: warning result-not-listed fixtures/results/bglab_Llabba__redmangr_-_Llabba_7pt_Backgammon_Studio_2023_10_13_15_01_02.mat:15: no row of fixtures/results/results.csv pairs with this match (redmangr v Llabba, 2023.10.13, 7 points)',
  },
  'result-winner': {
    file: 'results/results.csv',
    lines: [
      '1 | Round,Table,Player 1,Player_2,WINNER,Score 1,score2,Length,Date,Event',
      '2 | 1,1,LeoC,Llabba,Llabba,2,7,7,2023.05.07,Club ladder',
      '3 | 1,2,adidan,Llabba,2,2,7,7,2023-09-27,Club ladder',
      '4 | 1,3,Llabba,karmen48,Llabba,,,9,2023.09.06,Club ladder',
      '5 | 1,4,Llabba,Pasiphae,Pasiphae,3,7,7,2023.10.25,Club ladder',
    ],
    finding:
      'fixtures/results/results.csv:4: error result-winner fixtures/results/results.csv:4 and fixtures/results/bglab_Llabba__Llabba_-_karmen48_9pt_Backgammon_Studio_2023_09_06_13_16_10.mat:14: the row names the winner Llabba; in the file karmen48 won the match [Round: 1, Table: 3, Event: Club ladder]',
  },
  'result-score': {
    file: 'results/results.csv',
    lines: [
      '2 | 1,1,LeoC,Llabba,Llabba,2,7,7,2023.05.07,Club ladder',
      '3 | 1,2,adidan,Llabba,2,2,7,7,2023-09-27,Club ladder',
      '4 | 1,3,Llabba,karmen48,Llabba,,,9,2023.09.06,Club ladder',
      '5 | 1,4,Llabba,Pasiphae,Pasiphae,3,7,7,2023.10.25,Club ladder',
      '6 | 2,1,Llabba,woknroll,2,0,7,7,2023.07.11,Club ladder',
    ],
    finding:
      "fixtures/results/results.csv:5: error result-score fixtures/results/results.csv:5 and fixtures/results/bglab_Llabba__Llabba_-_Pasiphae_7pt_Backgammon_Studio_2023_10_25_08_23_43.mat:15: the row gives the final score 3-7 (Llabba-Pasiphae); the file's is 4-7 [Round: 1, Table: 4, Event: Club ladder]",
  },
  'result-length': {
    file: 'results/results.csv',
    lines: [
      '5 | 1,4,Llabba,Pasiphae,Pasiphae,3,7,7,2023.10.25,Club ladder',
      '6 | 2,1,Llabba,woknroll,2,0,7,7,2023.07.11,Club ladder',
      '7 | 2,2, SNIPERKITTEN ,llabba,llabba,0,7,7,2023.09.08,Club ladder',
      '8 | 2,3,Llabba,Kabrus,Kabrus,5,7,9,2023.08.03,Club ladder',
      '9 | 2,4,gorkipelin,Llabba,2,4,7,7,2023.08.29,Club ladder',
    ],
    finding:
      "fixtures/results/results.csv:8: error result-length fixtures/results/results.csv:8 and fixtures/results/bglab_Llabba__Llabba_-_Kabrus_7pt_Backgammon_Studio_2023_08_03_08_26_12.mat:15: the row gives a 9-point match; the file's is 7 points [Round: 2, Table: 3, Event: Club ladder]",
  },
};
