// Which format a text is in, from its content: an SGF collection starts with `(;`.
import type { Format } from '../core/model.js';

export function detectFormat(text: string): Format {
  return /^\s*\(\s*;/.test(text.slice(0, 4096)) ? 'sgf' : 'mat';
}
