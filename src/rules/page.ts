// A finding code's page, as `bgaudit rule CODE` prints it and docs/rules.md holds it: the same
// text in both places, made here from the code's declaration and the generated examples.
import { FINDING_CODES, type FindingCode } from '../core/findings.js';
import { EXAMPLES, type Example } from './examples.js';

export const CODES = Object.keys(FINDING_CODES) as FindingCode[];

export function isFindingCode(name: string): name is FindingCode {
  return Object.hasOwn(FINDING_CODES, name);
}

/** One line per code: the code, its severities and what it means. */
export function rulesList(): string {
  const width = Math.max(...CODES.map((c) => c.length));
  const sevWidth = Math.max(...CODES.map((c) => FINDING_CODES[c].severities.join('/').length));
  return CODES.map(
    (c) =>
      `${c.padEnd(width)}  ${FINDING_CODES[c].severities.join('/').padEnd(sevWidth)}  ${FINDING_CODES[c].meaning}\n`,
  ).join('');
}

/** The page of one code, in Markdown that reads as plain text on a terminal. */
export function rulePage(code: FindingCode, examples: Partial<Record<FindingCode, Example>> = EXAMPLES): string {
  const entry = FINDING_CODES[code];
  const example = examples[code];
  const out = [
    `## ${code}`,
    '',
    `Severity: ${entry.severities.join(' or ')}. ${capital(entry.meaning)}.`,
    '',
    `Why it matters: ${entry.why}`,
    '',
    'fix' in entry
      ? `Fixable: yes. \`bgaudit fix\`: ${entry.fix}`
      : 'Fixable: no. `bgaudit fix` leaves it, and counts it among the findings left.',
    '',
  ];
  if (example) {
    out.push(`Example (the bundled sample \`fixtures/${example.file}\`):`, '', '```', ...example.lines, '```', '');
    out.push('bgaudit says:', '', '```', example.finding, '```', '');
  } else {
    out.push('No single record shows it: it is about the file or the run, not what a record says.', '');
  }
  return out.join('\n');
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The codes closest to a mistyped one, for "did you mean". */
export function closestCodes(name: string): FindingCode[] {
  const scored = CODES.map((c) => ({ c, d: editDistance(name.toLowerCase(), c) }));
  const best = Math.min(...scored.map((s) => s.d));
  // A guess further than a third of the word away is noise, not a suggestion.
  if (best > Math.max(2, Math.floor(name.length / 3))) return [];
  return scored.filter((s) => s.d === best).map((s) => s.c);
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** "not a finding code: X", with the nearest codes when a typo is likely. */
export function unknownCode(code: string): string {
  const near = closestCodes(code);
  const guess = near.length > 0 ? `; did you mean ${near.join(' or ')}?` : '';
  return `not a finding code: ${code}${guess} (bgaudit rules lists them)`;
}
