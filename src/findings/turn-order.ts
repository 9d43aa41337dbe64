// Checked in src/engine/replay.ts, which follows whose turn it is through the game.
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'turn-order',
  severities: ['error'],
  moment: 'action',
  meaning: "a player rolls when it is the other player's turn",
  why: 'The same player rolling twice in a row means a missing or misplaced line: every position after it is wrong.',
  example: 'scoring/turn-order.mat',
} as const satisfies FindingDeclaration;
