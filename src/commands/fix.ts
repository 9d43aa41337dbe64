// `bgaudit fix`: a corrected copy of each file where a correction is certain, or a diff of it.
// The corrections are the audit's (each finding's `fix`); src/fix/ applies them and audits the
// copy again; this file finds the inputs, names the copies and writes them, and never an input.
import { Command, InvalidArgumentError, Option } from 'commander';
import { mkdirSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { discover, looksLikeMatchContent } from '../batch/discover.js';
import { globBase, hasGlob } from '../batch/glob.js';
import { ioReason } from '../batch/io-reason.js';
import { UnreadableInput, readInputBytes } from '../batch/read-input.js';
import { FINDING_CODES } from '../core/findings.js';
import { plural } from '../core/words.js';
import { fileAudit } from '../read/attach.js';
import { decode } from '../read/decode.js';
import { printable } from '../report/escape.js';
import { byteDiff, lineEnds, unifiedDiff } from '../fix/diff.js';
import { type FileFixed, type Placed, fixFile } from '../fix/file.js';
import { checkOut, writeCopy } from '../fix/out-dir.js';
import { fixInWords } from '../fix/words.js';
import { EXIT, UsageError, auditOptionsOf, flagsForRules, type CliIO } from './common.js';
import type { RuleFlags } from '../scoring/rules.js';

/** The codes a fix may correct: those whose declaration says how (src/findings/). */
const FIXABLE_CODES: readonly string[] = Object.entries(FINDING_CODES)
  .filter(([, d]) => 'fix' in d)
  .map(([code]) => code);

/** A larger file is not a match record to fix in memory (the largest real one is about 1 MB). */
const MOST_BYTES = 64 * 1024 * 1024;

interface FixOptions extends RuleFlags {
  out?: string;
  diff?: boolean;
  select?: string[];
  ignore?: string[];
}

function fixableCodes(v: string, previous: string[] | undefined): string[] {
  const codes = v
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c !== '');
  const wrong = codes.filter((c) => !FIXABLE_CODES.includes(c));
  if (codes.length === 0 || wrong.length > 0)
    throw new InvalidArgumentError(
      `${wrong.length > 0 ? `${wrong.join(', ')}: not a code bgaudit fixes; ` : ''}the codes it fixes are ${FIXABLE_CODES.join(', ')}`,
    );
  return [...new Set([...(previous ?? []), ...codes])];
}

const HELP_AFTER =
  '\nWhat is fixed: only what the record itself and the rules make certain, each correction\n' +
  "made by the finding's own check and shown in its `fix` (verify --format json, --html):\n" +
  '  score-mismatch    a score line that the results before it (and the score line after it) contradict\n' +
  "  points-mismatch   a result's points, where one value fits (not a match-winning game a writer may cap)\n" +
  '  gammon-on-drop    a gammon credited on a refused double, set to the cube before it\n' +
  "  resign-value      a resignation's points, where the next score line gives one value it can have\n" +
  "  winner-mismatch   a result written alone in the loser's column, moved to the winner's\n" +
  '  game-after-match  a game after a match won beyond doubt, removed with its lines\n' +
  'Never fixed: an illegal move, an unreadable line, a Crawford double, anything that needs a\n' +
  'choice between readings. These are left and counted.\n\n' +
  "A corrected copy keeps the record's layout: its columns, its own point/points, its line ends\n" +
  'and encoding; in .sgf the values of RE and MI are edited. A line is edited only where its text\n' +
  'comes back to the same bytes (ASCII, or UTF-8); every other byte is copied. The copy is audited\n' +
  'again before it is written: it must replay as the original does (rolls, moves, final\n' +
  'positions), have none of the fixed findings left and no new one; else nothing is written for\n' +
  'it, and the run says why.\n\n' +
  'Where copies go: --out DIR, at their path under the folder named, or their base name for a file\n' +
  'named; DIR must not be an input folder, be inside one or hold an input. Existing files in DIR\n' +
  'are never overwritten, and no symbolic link under DIR is followed. Inputs are never written:\n' +
  'there is no in-place mode. --diff prints a unified diff instead, writing nothing: into a file\n' +
  "or a pipe, each line in the file's own bytes (its encoding, line ends, byte-order mark), so\n" +
  "that 'patch -p0' applies it exactly; on a terminal, as text.\n\n" +
  'Exit codes: 0 when every finding was fixed (or there was none), 1 when findings are left\n' +
  '(or, with --diff, when there is a diff), 2 on a usage error, a path that does not exist or a\n' +
  'copy that cannot be written.\n\n' +
  'Examples:\n  bgaudit fix archive/ --out fixed/\n  bgaudit fix match.mat --diff\n' +
  '  bgaudit fix archive/ --out fixed/ --select score-mismatch,points-mismatch';

export function fixCommand(io: CliIO, setExit: (code: number) => void): Command {
  const cmd = new Command('fix')
    .description(
      'write a corrected copy of each file where a correction is certain (a wrong score line, wrong points, a result in the wrong column, a game after the match)',
    )
    .argument('<paths...>', 'match files, folders or quoted globs')
    .option('--out <dir>', 'write the corrected copies under this folder')
    .option('--diff', 'print a unified diff of the corrections instead of writing them')
    .addOption(
      new Option('--select <codes>', 'fix only these codes (comma-separated; may be repeated)').argParser(fixableCodes),
    )
    .addOption(
      new Option('--ignore <codes>', 'do not fix these codes (comma-separated; may be repeated)').argParser(
        fixableCodes,
      ),
    );
  for (const o of flagsForRules()) cmd.addOption(o);
  return cmd.addHelpText('after', `\n${HELP_AFTER}`).action((paths: string[], opts: FixOptions) => {
    setExit(runFix(io, paths, opts));
  });
}

/** A file to fix: its path, and the path of its copy under --out. */
interface Input {
  path: string;
  copy: string;
  /** Found in a folder under a name that may not be a match file's (.txt, none): fixed only if it reads as one. */
  sniff: boolean;
}

/** A name a diff's header cannot carry as it is: a line end in it would start a header of its own. */
const CONTROL = new RegExp(`[\\x00-\\x1f\\x7f]`, 'u');

/**
 * The inputs, each with the name of its copy, each file once however many paths name it; paths
 * named that do not exist, and what cannot be read. `diff`: a name with a control character is
 * not fixed (its diff could not name it).
 */
function inputsOf(paths: string[], diff: boolean): { inputs: Input[]; problems: string[] } {
  const inputs: Input[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const p of paths) {
    let root: string | null;
    if (hasGlob(p)) root = globBase(p);
    else {
      let folder = false;
      try {
        folder = statSync(p).isDirectory();
      } catch {
        folder = false;
      }
      root = folder ? p : null;
    }
    for (const d of discover([p])) {
      if (d.kind === 'missing' || d.kind === 'unreadable') problems.push(`${printable(d.path)}: ${d.reason}`);
      if (d.kind !== 'file') continue;
      // A name that is not UTF-8 is shown escaped: its copy's name would not be its own.
      if (d.fsPath !== undefined) {
        problems.push(`${printable(d.path)}: its name is not valid UTF-8: not fixed`);
        continue;
      }
      if (diff && CONTROL.test(d.path)) {
        problems.push(`${printable(d.path)}: its name has a control character, which a diff cannot name: not fixed`);
        continue;
      }
      const id = identity(d.path);
      if (id !== null && seen.has(id)) continue;
      if (id !== null) seen.add(id);
      inputs.push({ path: d.path, copy: root === null ? basename(d.path) : relative(root, d.path), sniff: d.sniff });
    }
  }
  return { inputs, problems };
}

/** A file's device and inode, the same under any name; null when it cannot be told. */
function identity(path: string): string | null {
  try {
    const s = statSync(path);
    return `${s.dev}:${s.ino}`;
  } catch {
    return null;
  }
}

/** Two inputs whose copies would have one name under --out: a usage error before anything is written. */
function copiesApart(inputs: readonly Input[], out: string): void {
  const by = new Map<string, string>();
  for (const i of inputs) {
    const other = by.get(i.copy);
    if (other !== undefined)
      throw new UsageError(
        `${printable(other)} and ${printable(i.path)} would both be copied to ${printable(join(out, i.copy))}: fix them in two runs, or name the folder that holds both`,
      );
    by.set(i.copy, i.path);
  }
}

/** What the run has done so far: fixes and files, the findings left by code, any failure. */
interface Tally {
  fixes: number;
  files: number;
  diffs: boolean;
  failed: boolean;
  left: Map<string, number>;
}

/** What every file's fix is made with. */
interface FixRun {
  io: CliIO;
  say: (text: string) => void;
  /** Null: print a diff. */
  out: string | null;
  audit: ReturnType<typeof fileAudit>;
  chosen: (code: string) => boolean;
}

function countLeft(tally: Tally, list: readonly Placed[]): void {
  for (const p of list) tally.left.set(p.finding.code, (tally.left.get(p.finding.code) ?? 0) + 1);
}

/** One input fixed: its copy written, or its diff printed, or why not said. */
function fixOne(input: Input, run: FixRun, tally: Tally): void {
  const { io, say, out } = run;
  const name = printable(input.path);
  let bytes: Uint8Array;
  try {
    // A regular file only, opened so that a FIFO or a device never hangs the run.
    bytes = readInputBytes(input.path, MOST_BYTES);
  } catch (e) {
    io.stderr(`bgaudit: ${name}: ${e instanceof UnreadableInput ? e.message : ioReason(e)}\n`);
    tally.failed = true;
    return;
  }
  if (input.sniff && !looksLikeMatchContent(bytes)) return;
  const result: FileFixed = fixFile(bytes, input.path, run.audit, run.chosen);
  countLeft(tally, result.left);
  if (result.kind === 'nothing') return;
  if (result.kind === 'refused') {
    countLeft(tally, result.fixable);
    say(`${name}: not fixed: ${printable(result.reason)}\n`);
    return;
  }
  const n = result.fixed.length;
  if (out === null) {
    if (io.stdoutIsTTY !== true && io.stdoutBytes !== undefined)
      io.stdoutBytes(byteDiff(input.path, bytes, result.bytes, result.changes));
    else {
      const decoded = decode(bytes);
      const lines = decoded.ok ? decoded.text.split('\n') : [];
      // On a terminal, for a reader: the text made safe, each line ended by a LF (a lone CR would
      // send the next line back over it). Else each line with its own end, where the bytes' line
      // ends are the text's (not UTF-16's).
      if (io.stdoutIsTTY === true) io.stdout(unifiedDiff(input.path, lines, result.changes, printable));
      else {
        const ends = lineEnds(bytes);
        io.stdout(
          unifiedDiff(input.path, lines, result.changes, (t) => t, ends.length === lines.length ? ends : undefined),
        );
      }
    }
    tally.diffs = true;
  } else {
    const why = writeCopy(out, input.copy, result.bytes);
    if (why !== null) {
      countLeft(tally, result.fixed);
      io.stderr(`bgaudit: ${name}: not written: ${printable(why)}\n`);
      tally.failed = true;
      return;
    }
    say(`${name}: ${plural(n, 'fix', 'fixes')} written to ${printable(join(out, input.copy))}\n`);
    for (const p of result.fixed) say(`  ${printable(fixLine(p))}\n`);
  }
  tally.fixes += n;
  tally.files++;
}

/** One fix written, as the run lists it: the code and its game, then the fix in words. */
function fixLine(p: Placed): string {
  const f = p.finding;
  const game = f.game === undefined ? '' : ` (game ${f.game})`;
  return `${f.code}${game}: ${f.fix === undefined ? '' : fixInWords(f.fix)}`;
}

/** The run's last line: fixes written (or to apply) in how many files, and the findings left by code. */
function summary(tally: Tally, diff: boolean): string {
  const unfixed = [...tally.left.values()].reduce((a, b) => a + b, 0);
  const done = `${plural(tally.fixes, 'fix', 'fixes')} ${diff ? 'to apply' : 'written'} in ${plural(tally.files, 'file')}`;
  if (unfixed === 0) return `${done}; no finding left.\n`;
  const codes = [...tally.left]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([code, k]) => `${code} ${k}`)
    .join(', ');
  return `${done}; ${plural(unfixed, 'finding')} left unfixed: ${codes}.\n`;
}

function runFix(io: CliIO, paths: string[], opts: FixOptions): number {
  if (paths.includes('-')) throw new UsageError('fix reads files, not standard input: name the file');
  const diff = opts.diff === true;
  if (diff && opts.out !== undefined) throw new UsageError('--diff writes nothing: give --out DIR or --diff');
  if (!diff && opts.out === undefined) throw new UsageError('fix needs --out DIR (or --diff to print the fixes)');
  const out = opts.out ?? null;
  if (out !== null) checkOut(out, paths);
  const { inputs, problems } = inputsOf(paths, diff);
  if (out !== null) copiesApart(inputs, out);
  for (const p of problems) io.stderr(`bgaudit: ${p}\n`);
  if (out !== null && inputs.length > 0) {
    try {
      mkdirSync(out, { recursive: true });
    } catch (e) {
      throw new UsageError(`--out ${out}: ${ioReason(e)}`);
    }
  }
  const run: FixRun = {
    io,
    say: diff ? io.stderr : io.stdout,
    out,
    audit: fileAudit({ ...auditOptionsOf(opts), positions: 'final' }),
    chosen: (code) => (opts.select === undefined || opts.select.includes(code)) && !(opts.ignore ?? []).includes(code),
  };
  const tally: Tally = { fixes: 0, files: 0, diffs: false, failed: problems.length > 0, left: new Map() };
  for (const input of inputs) fixOne(input, run, tally);
  run.say(summary(tally, diff));
  if (tally.failed) return EXIT.usage;
  return tally.left.size > 0 || tally.diffs ? EXIT.findings : EXIT.clean;
}
