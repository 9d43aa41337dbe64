import { describe, expect, it } from 'vitest';
import { startPosition } from '../../src/engine/board.js';
import { STEP, applyStep, stepProblem, stepRule, undoStep } from '../../src/engine/steps.js';
import { position } from './position-helpers.js';

describe('a single step', () => {
  it('stepProblem names the rule', () => {
    const pos = startPosition();
    expect(stepProblem(pos, 0, 13, 5)).toBeNull();
    expect(stepProblem(pos, 0, 13, 6)).toBeNull();
    expect(stepProblem(pos, 0, 6, 6)).toBe('cannot bear off: not all checkers are in the home board');
    expect(stepProblem(pos, 0, 24, 5)).toBe('point 19 is blocked');
    expect(stepProblem(pos, 0, 12, 5)).toBe('no checker on point 12');
  });

  it.each<[string, Record<number, number>, number, number, number]>([
    ['legal', { 13: 15 }, 13, 5, STEP.legal],
    ['the bar first', { 25: 1, 13: 14 }, 13, 5, STEP.enterFirst],
    ['no checker', { 13: 15 }, 12, 5, STEP.noChecker],
    ['bear-off with all home', { 6: 15 }, 6, 6, STEP.legal],
    ['bear-off, a checker outside', { 7: 1, 6: 14 }, 6, 6, STEP.notAllHome],
    ['higher die, a checker higher', { 5: 1, 3: 14 }, 3, 6, STEP.higherChecker],
    ['higher die from the highest point', { 5: 1, 3: 14 }, 5, 6, STEP.legal],
  ])('%s', (_what, side0, from, die, rule) => {
    expect(stepRule(position(side0, { 24: 15 }), 0, from, die)).toBe(rule);
  });

  it('apply and undo are exact inverses, the hit included', () => {
    const pos = position({ 13: 15 }, { 17: 1, 6: 14 });
    const before = [pos.sides[0].slice(), pos.sides[1].slice()];
    const hit = applyStep(pos, 0, 13, 5);
    expect(hit).toBe(true);
    expect(pos.sides[1][25]).toBe(1);
    undoStep(pos, 0, 13, 5, hit);
    expect([pos.sides[0], pos.sides[1]]).toEqual(before);
  });
});
