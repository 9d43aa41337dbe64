// Makes src/rules/examples.ts, docs/rules.md and the finding codes of docs/report.schema.json
// from the codes' declarations (src/findings/) and the bundled sample records: `npm run docs`.
// test/rules/docs.test.ts fails when any of them differs from what this makes, so the pages and
// the schema always say what bgaudit says.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Papa from 'papaparse';
import { format } from 'prettier';
import { auditFile } from '../src/read/file.js';
import { fileAudit } from '../src/read/attach.js';
import { FINDING_CODES, type FindingCode, type Severity } from '../src/core/findings.js';
import type { Finding } from '../src/core/model.js';
import type { Example } from '../src/rules/examples.js';
import { CODES, rulePage } from '../src/rules/page.js';
import { MATCH_CSV_COLUMNS, renderMatchCsvRows } from '../src/report/csv.js';
import { parseAliases } from '../src/results/aliases.js';
import { playedMatch } from '../src/results/collect.js';
import { pairResults, type PlayedMatch } from '../src/results/pair.js';
import { parseSheet } from '../src/results/sheet.js';
import { cellsOf } from '../src/results/rows.js';

/**
 * The findings of a results sheet (`verify --results`) held against the match files beside it,
 * read as the run reads them (their per-match CSV rows), with `aliases.csv` there when there is one.
 */
function resultsFindings(root: string, file: string): Finding[] {
  const dir = dirname(file);
  const names = readdirSync(join(root, 'fixtures', dir))
    .filter((n) => /\.(mat|sgf)$/.test(n))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const reports = names.flatMap((n) =>
    auditFile(readFileSync(join(root, 'fixtures', dir, n)), `fixtures/${dir}/${n}`, fileAudit({ matchSummary: true })),
  );
  const rows = Papa.parse<string[]>(renderMatchCsvRows(reports), { skipEmptyLines: true }).data;
  const matches = rows
    .map((cells) => playedMatch(cellsOf(MATCH_CSV_COLUMNS, cells)))
    .filter((m): m is PlayedMatch => m !== null);
  const sheet = `fixtures/${file}`;
  const aliasesPath = join(root, 'fixtures', dir, 'aliases.csv');
  const aliases = existsSync(aliasesPath) ? parseAliases(readFileSync(aliasesPath, 'utf8'), aliasesPath) : undefined;
  return pairResults(parseSheet(readFileSync(join(root, sheet), 'utf8'), sheet), matches, sheet, aliases);
}

/** The first finding of `code` in the fixture, with the record's lines just before it. */
export function exampleOf(root: string, code: FindingCode, file: string): Example {
  const bytes = readFileSync(join(root, 'fixtures', file));
  const found = (
    file.endsWith('.csv') ? resultsFindings(root, file) : auditFile(bytes, file).flatMap((r) => r.findings)
  ).find((f) => f.code === code);
  if (!found) throw new Error(`fixtures/${file} has no ${code} finding`);
  const text = new TextDecoder().decode(bytes).replace(/\r\n?/g, '\n').split('\n');
  const at = found.line ?? text.length;
  const first = Math.max(1, at - 3);
  const last = Math.min(text.length, at + 1);
  const width = String(last).length;
  const lines: string[] = [];
  for (let n = first; n <= last; n++) lines.push(`${String(n).padStart(width)} | ${(text[n - 1] ?? '').trimEnd()}`);
  return { file, lines, finding: concise(`fixtures/${file}`, found) };
}

function concise(file: string, f: Finding): string {
  const where = f.line === undefined ? '' : f.column === undefined ? `${f.line}:` : `${f.line}:${f.column}:`;
  return `${file}:${where} ${f.severity} ${f.code} ${f.message}`;
}

export function examples(root: string): Partial<Record<FindingCode, Example>> {
  const out: Partial<Record<FindingCode, Example>> = {};
  for (const code of CODES) {
    const file = FINDING_CODES[code].example;
    if (file) out[code] = exampleOf(root, code, file);
  }
  return out;
}

export async function examplesModule(root: string): Promise<string> {
  const body =
    '// Made by scripts/rule-docs.ts (npm run docs) from the bundled sample records: do not edit.\n' +
    "import type { FindingCode } from '../core/findings.js';\n\n" +
    '/** A record that shows a code: the file, its numbered lines up to the finding, the finding. */\n' +
    'export interface Example {\n  file: string;\n  lines: string[];\n  finding: string;\n}\n\n' +
    'export const EXAMPLES: Partial<Record<FindingCode, Example>> = ' +
    JSON.stringify(examples(root)) +
    ';\n';
  return format(body, { ...prettierOptions(root), parser: 'typescript' });
}

function prettierOptions(root: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(root, '.prettierrc.json'), 'utf8')) as Record<string, unknown>;
}

/** The parts of the JSON Schema made from the catalogue: where they are, and what they hold. */
interface SchemaCodes {
  $defs: {
    findingCode: { enum: string[] };
    finding: { anyOf: { properties: { code: { enum: string[] }; severity: { enum: Severity[] } } }[] };
  };
}

/**
 * docs/report.schema.json with its finding codes from the catalogue: the list of codes, in the
 * catalogue's order, and a finding's code paired with its severities, one branch per set of
 * severities (in the order error, warning, info) in the order the catalogue first gives each set.
 * The rest of the schema is written by hand and kept as it is.
 */
export async function schemaJson(root: string): Promise<string> {
  const path = join(root, 'docs', 'report.schema.json');
  const schema = JSON.parse(readFileSync(path, 'utf8')) as SchemaCodes;
  const bySeverities = new Map<string, { codes: string[]; severities: Severity[] }>();
  for (const code of CODES) {
    const allowed: readonly Severity[] = FINDING_CODES[code].severities;
    const severities = SEVERITIES.filter((s) => allowed.includes(s));
    const key = severities.join(' ');
    const group = bySeverities.get(key) ?? { codes: [], severities };
    group.codes.push(code);
    bySeverities.set(key, group);
  }
  schema.$defs.findingCode.enum = [...CODES];
  schema.$defs.finding.anyOf = [...bySeverities.values()].map((g) => ({
    properties: { code: { enum: g.codes }, severity: { enum: g.severities } },
  }));
  return format(JSON.stringify(schema, null, 2), { ...prettierOptions(root), parser: 'json' });
}

const SEVERITIES: readonly Severity[] = ['error', 'warning', 'info'];

export function rulesMarkdown(found: Partial<Record<FindingCode, Example>>): string {
  const head = [
    '# Finding codes',
    '',
    'Made by `npm run docs` from the finding catalogue and the bundled sample records; `bgaudit rules`',
    'prints the list and `bgaudit rule CODE` one page. A code is part of the interface: codes are',
    'added, never renamed. Severities: `error`, the record breaks a rule; `warning`, suspicious, or a',
    'check that could not be made; `info`, told for the record.',
    '',
    '| code | severity | meaning |',
    '|---|---|---|',
    ...CODES.map(
      (c) => `| [\`${c}\`](#${c}) | ${FINDING_CODES[c].severities.join(' / ')} | ${FINDING_CODES[c].meaning} |`,
    ),
    '',
  ];
  return [...head, ...CODES.map((c) => rulePage(c, found))].join('\n');
}

if (process.argv[1]?.endsWith('rule-docs.js')) {
  const root = process.cwd();
  writeFileSync(join(root, 'src', 'rules', 'examples.ts'), await examplesModule(root));
  writeFileSync(join(root, 'docs', 'rules.md'), rulesMarkdown(examples(root)));
  writeFileSync(join(root, 'docs', 'report.schema.json'), await schemaJson(root));
}
