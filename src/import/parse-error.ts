// The parse errors both readers report: one shape, one message, file order.
import type { ParseError } from '../model.js';

export function parseError(line: number, column: number, expected: string, found: string): ParseError {
  return { line, column, expected, found, message: `line ${line}, column ${column}: expected ${expected}, found ${found}` };
}

/** In file order; most files have none or one, and a sort allocates. */
export function inFileOrder(errors: ParseError[]): ParseError[] {
  if (errors.length > 1) errors.sort((a, b) => a.line - b.line || a.column - b.column);
  return errors;
}
