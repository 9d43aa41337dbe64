// Checked in src/scoring/score-line.ts, each score line against the results before it.
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'score-mismatch',
  severities: ['error', 'warning'],
  moment: 'start',
  meaning:
    "a game's recorded start score differs from what the record's results before it add up to (warning: automatic doubles explain it)",
  why: "A score line that does not follow from the record's own results is either a transcription slip or an edited result; the finding is on the score line that is wrong, and the lines after it are judged by the results again.",
  example: 'scoring/score-mismatch.mat',
  fix: 'The score line is rewritten to what the results before it add up to, where the score line after it follows them (or it is the last) and the results add up to one score; the columns after each score keep their place (SGF: the `ws` and `bs` of `MI`).',
} as const satisfies FindingDeclaration;
