// Checked in src/scoring/audit.ts, with the match's players; `players` leaves such a match out of
// the standings, as it does two names its alias list makes one.
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'same-player',
  severities: ['warning'],
  moment: null,
  meaning: 'both sides of a match are one player: the same name, in any case or spacing',
  why: 'Nobody plays a match against themself: the record names a player twice, a writer or an export lost the other name, or a test game was filed as a match. Counted, the match would give the player a win and a loss, and lower their rating.',
  example: 'scoring/same-player.mat',
} as const satisfies FindingDeclaration;
