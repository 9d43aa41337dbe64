// The HTML report's script as it goes in the page: page/script.js (written and type-checked
// there, against the DOM) from its 'use strict' on, each __NAME__ in it replaced by the value of
// the constant of that name here, so that each value has one source, the TypeScript that also
// writes the page.
import { MAX_BOARDS } from './html-file.js';
import { PAGE_SCRIPT } from './html-script-source.js';

/** Rows shown at a time. */
const PAGE = 500;

const VALUES: Record<string, number> = { PAGE, MAX_BOARDS };

/** `source`'s script part with the values in; throws on a name without a value, or a value no name asks for. */
export function inlineScript(source: string): string {
  const start = source.indexOf("\n'use strict';\n");
  if (start === -1) throw new Error("the page script has no 'use strict' line");
  const script = source.slice(start);
  const used = new Set<string>();
  const out = script.replace(/__([A-Z][A-Z_]*?)__/g, (whole, name: string) => {
    const value = VALUES[name];
    if (value === undefined) throw new Error(`the page script's ${whole} has no value`);
    used.add(name);
    return String(value);
  });
  const unused = Object.keys(VALUES).filter((name) => !used.has(name));
  if (unused.length > 0) throw new Error(`the page script does not use ${unused.join(', ')}`);
  return out;
}

export const SCRIPT = inlineScript(PAGE_SCRIPT);
