// Checked in src/scoring/audit.ts, on the games after the one that wins the match.
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'game-after-match',
  severities: ['error'],
  moment: 'start',
  meaning: 'a game after the game that won the match',
  why: 'A game recorded after the match was won was not part of the match: its points must not be counted in standings or ratings.',
  example: 'scoring/game-after-match.mat',
  fix: 'The game\'s lines are removed (a .mat game from its `Game N` line and the blank lines before it to its last, an SGF game tree whole), where the match was won beyond doubt: by bearing off or a drop, or by a result that says "and the match", with no error or warning up to it.',
} as const satisfies FindingDeclaration;
