// Hostile inputs against the walk, the baseline and the outputs, for `bench/trust.ts`:
// the walk (links swapped in, deep chains, Ctrl-C during a long walk), the baseline (repeated
// entries, a FIFO, a device), the outputs (two on one file, a FIFO with no reader or with one that
// stops reading) and what --max-file-size counts.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { codesOf, type Case } from './trust-cases.js';
import type { Outcome } from './trust-run.js';
import { itemAt } from '../src/core/at.js';

const firstLine = (s: string) => JSON.stringify(itemAt(s.split('\n'), 0).slice(0, 90));
const ndjson = (...argv: string[]) => [...argv, '--format', 'ndjson', '-q'];

/** A small match between two named players. */
function mat(p0 = 'Anna', p1 = 'Boris', comment = ''): string {
  return [
    ...(comment === '' ? [] : [`; ${comment}`, '']),
    ' 7 point match',
    '',
    ' Game 1',
    ` ${p0} : 0                       ${p1} : 0`,
    '  1)                             41: 13/9 24/23',
    '  2) 65: 24/18 18/13              Doubles => 2',
    '  3)  Drops                       Wins 1 point',
    '',
  ].join('\n');
}

function write(path: string, content: string | Buffer): string {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, content);
  return path;
}

/** `top/a/a/…/a` (`levels` deep) with `x.mat` at the bottom, built with short paths only. */
function chain(top: string, levels: number): void {
  write(join(top, 'a', 'x.mat'), mat());
  for (let k = 1; k < levels; k++) {
    mkdirSync(join(top, 'n'));
    renameSync(join(top, 'a'), join(top, 'n', 'a'));
    renameSync(join(top, 'n'), join(top, 'a'));
  }
}

/** Removes a chain the way it was built (a recursive removal would name paths past the system's limit). */
function unchain(top: string): void {
  while (existsSync(join(top, 'a', 'a'))) {
    renameSync(join(top, 'a', 'a'), join(top, 'n'));
    rmSync(join(top, 'a'), { recursive: true, force: true });
    renameSync(join(top, 'n'), join(top, 'a'));
  }
  rmSync(join(top, 'a'), { recursive: true, force: true });
}

function deep(name: string, levels: number): Case {
  return {
    name,
    prepare(dir) {
      const top = join(dir, 't');
      mkdirSync(top);
      chain(top, levels);
      return {
        run: { argv: ndjson('verify', 't'), cwd: dir },
        input: `${levels.toLocaleString('en')} nested one-letter folders`,
        expectCount: 1,
        notes: (o) => {
          unchain(top);
          rmdirSync(top);
          const f = o.out.files[0];
          return f === undefined ? ['no report'] : [`${f.length} characters: ${codesOf(o, f)}`];
        },
      };
    },
  };
}

/**
 * `folders` folders each holding 50 matches and `zzz.mat`, which a shell loop swaps, as fast as it
 * can, between a match and a link to ../secret/secret.mat (a match played by SECRET): a run must
 * never read the secret under an archive name, whatever moment it lists and opens `zzz.mat` at.
 */
function swapped(folders: number): Case {
  let swapper: ChildProcess | null = null;
  return {
    name: 't2-3-swap-link',
    prepare(dir) {
      write(join(dir, 'secret', 'secret.mat'), mat('SECRET', 'SECRET'));
      const names: string[] = [];
      for (let f = 0; f < folders; f++) {
        const d = join(dir, 'archive', `d${String(f).padStart(2, '0')}`);
        for (let k = 0; k < 50; k++) write(join(d, `a${String(k).padStart(2, '0')}.mat`), mat());
        write(join(d, 'zzz.mat'), mat());
        write(join(d, 'real.mat'), mat());
        names.push(d);
      }
      const loop = names
        .map(
          (d) =>
            `ln -sfn ../../secret/secret.mat ${d}/l && mv -T ${d}/l ${d}/zzz.mat; cp ${d}/real.mat ${d}/r && mv -T ${d}/r ${d}/zzz.mat;`,
        )
        .join(' ');
      swapper = spawn('sh', ['-c', `while :; do ${loop} done`], { stdio: 'ignore' });
      return {
        run: { argv: ndjson('verify', 'archive', '--jobs', '1'), cwd: dir },
        input: `${folders} folders × 51 .mat, zzz.mat swapped with a link to ../secret`,
        needles: ['SECRET'],
        notes: (o) => {
          swapper?.kill('SIGKILL');
          const zzz = o.out.files.filter((f) => f.endsWith('zzz.mat'));
          return [
            o.out.found.has('SECRET') ? 'SECRET IN stdout' : 'SECRET not in stdout',
            `zzz.mat reported ${zzz.length} times of ${folders}`,
          ];
        },
      };
    },
  };
}

function baselineOf(entries: number): string {
  const line = JSON.stringify({
    file: 'a.mat',
    findings: [{ match: 1, game: 1, code: 'points-mismatch', message: 'x', count: 1 }],
  });
  return `{"bgaudit-baseline":1,"files":[\n${Array(entries).fill(line).join(',\n')}\n]}\n`;
}

/** Two outputs on one file: what the file holds after. */
function sameFile(name: string, argv: string[]): Case {
  return {
    name,
    prepare(dir) {
      write(join(dir, 'a.mat'), mat());
      return {
        run: { argv, cwd: dir },
        input: argv.slice(2).join(' '),
        notes: (o) => {
          const out = existsSync(join(dir, 'x')) ? readFileSync(join(dir, 'x'), 'utf8') : null;
          const kinds = out === null ? 'x not written' : `x: ${out.length} B, starts ${firstLine(out)}`;
          return [kinds, ...(o.exit === '2' ? [`stderr ${firstLine(o.stderr)}`] : [])];
        },
      };
    },
  };
}

/** A match with a one-line comment of `n` times `char`, then two plain matches, under --max-file-size 45000. */
function counted(name: string, char: string, n: number): Case {
  return {
    name,
    prepare(dir) {
      const text = mat('Anna', 'Boris', char.repeat(n)) + mat() + mat();
      write(join(dir, 'f.mat'), text);
      const bytes = Buffer.byteLength(mat('Anna', 'Boris', char.repeat(n)));
      return {
        run: { argv: ndjson('verify', 'f.mat', '--max-file-size', '45000'), cwd: dir },
        input: `${n.toLocaleString('en')} × ${char} in the first match (${bytes.toLocaleString('en')} bytes)`,
        expect: ['f.mat'],
        watch: ['f.mat'],
        notes: (o) => [`f.mat: ${codesOf(o, 'f.mat')}`],
      };
    },
  };
}

/**
 * `folders` empty folders (100 a folder), SIGINT half a second after the spool folder is made
 * (the walk starts then): the run must end by the signal then, not once the walk is over.
 */
function sigintInWalk(folders: number): Case {
  return {
    name: 't2-4-sigint-walk',
    prepare(dir) {
      const tree = join(dir, 'tree');
      for (let i = 0; i < folders / 100; i++)
        for (let j = 0; j < 100; j++) mkdirSync(join(tree, `d${i}`, `e${j}`), { recursive: true });
      const tmp = join(dir, 'tmp');
      mkdirSync(tmp);
      let spoolSince = 0;
      const when = () => {
        if (spoolSince === 0 && readdirSync(tmp).length > 0) spoolSince = Date.now();
        return spoolSince > 0 && Date.now() - spoolSince >= 500;
      };
      return {
        run: {
          argv: ['verify', 'tree', '--format', 'ndjson', '--jobs', '1'],
          cwd: dir,
          env: { TMPDIR: tmp },
          signal: { name: 'SIGINT', when },
        },
        input: `${folders.toLocaleString('en')} empty folders, SIGINT 0.5 s into the walk`,
        notes: (o) => [
          readdirSync(tmp).length === 0 ? 'no spool left' : 'SPOOL LEFT',
          ...(o.stderr === '' ? [] : [`stderr ${firstLine(o.stderr.replace(/^0 files.*\n/, ''))}`]),
        ],
      };
    },
  };
}

/**
 * `--html` onto a FIFO whose reader reads 4 KB and then holds it open without reading: the run
 * must end (--output-timeout, 60 s by default), not wait for it.
 */
function stalledReader(): Case {
  let reader: ChildProcess | null = null;
  return {
    name: 't2-9-html-fifo-stalled',
    prepare(dir) {
      const fifo = join(dir, 'x');
      execFileSync('mkfifo', [fifo]);
      const ready = join(dir, 'ready');
      reader = spawn('sh', ['-c', `exec 3<>x; : > ready; head -c 4096 <&3 >/dev/null; sleep 600`], {
        cwd: dir,
        stdio: 'ignore',
        detached: true,
      });
      while (!existsSync(ready)) execFileSync('sleep', ['0.05']);
      return {
        run: { argv: ['verify', join(process.cwd(), 'fixtures'), '-q', '--html', 'x'], cwd: dir },
        input: '--html onto a FIFO whose reader reads 4 KB, then stops',
        notes: (o: Outcome) => {
          // The shell and what it started: its own process group.
          if (reader?.pid !== undefined) process.kill(-reader.pid, 'SIGKILL');
          return [`stderr ${firstLine(o.stderr.replace(/^bgaudit: \d+ match.*\n/m, ''))}`];
        },
      };
    },
  };
}

/**
 * A results sheet of `rows` rows, none of which pairs (each a result-no-file), SIGINT `afterMs`
 * after the run starts (the sheet read, the one file audited: the pairing, on the main thread):
 * the run must end by the signal (130) with no output left in place, not complete and exit 1.
 */
function sigintInPairing(rows: number, afterMs: number): Case {
  return {
    name: 't3-8-sigint-pairing',
    prepare(dir) {
      write(join(dir, 'a.mat'), mat());
      const sheet = ['player1,player2,winner,date'];
      for (let i = 0; i < rows; i++) sheet.push(`p${i},q${i},p${i},2020.01.01`);
      write(join(dir, 'results.csv'), sheet.join('\n') + '\n');
      let since = 0;
      const when = () => {
        since ||= Date.now();
        return Date.now() - since >= afterMs;
      };
      return {
        run: {
          argv: ['verify', 'a.mat', '--results', 'results.csv', '--csv', 'out.csv', '-q'],
          cwd: dir,
          signal: { name: 'SIGINT', when },
        },
        input: `${rows.toLocaleString('en')} rows, SIGINT ${afterMs / 1000} s into the run`,
        notes: () => [readdirSync(dir).includes('out.csv') ? 'out.csv WRITTEN' : 'no out.csv'],
      };
    },
  };
}

export const WALK_CASES: Case[] = [
  swapped(20),
  deep('t2-4-deep-1000', 1000),
  deep('t2-4-deep-2000', 2000),
  deep('t2-4-deep-10000', 10_000),
  sigintInWalk(30_000),
  {
    name: 't2-8-baseline-repeated',
    prepare(dir) {
      write(join(dir, 'a.mat'), mat());
      write(join(dir, 'b.json'), baselineOf(20_000));
      return {
        run: { argv: ndjson('verify', 'a.mat', '--baseline', 'b.json'), cwd: dir },
        input: "20,000 entries of one file's finding (2 MB)",
        expect: ['a.mat'],
        notes: (o) => [`stderr ${firstLine(o.stderr)}`],
      };
    },
  },
  {
    name: 't2-8-baseline-fifo',
    prepare(dir) {
      write(join(dir, 'a.mat'), mat());
      execFileSync('mkfifo', [join(dir, 'b.json')]);
      return {
        run: { argv: ['verify', 'a.mat', '--baseline', 'b.json'], cwd: dir, hang: true },
        input: '--baseline FIFO',
        notes: (o: Outcome) => [`stderr ${firstLine(o.stderr)}`],
      };
    },
  },
  {
    name: 't2-8-baseline-dev-zero',
    prepare(dir) {
      write(join(dir, 'a.mat'), mat());
      return {
        run: { argv: ['verify', 'a.mat', '--baseline', '/dev/zero'], cwd: dir, hang: true, memCapMb: 2048 },
        input: '--baseline /dev/zero, memory cap 2 GB',
        notes: (o: Outcome) => [`stderr ${firstLine(o.stderr)}`],
      };
    },
  },
  sameFile('t2-9-csv-html-same', ['verify', 'a.mat', '--csv', 'x', '--html', 'x']),
  sameFile('t2-9-csv-baseline-same', ['verify', 'a.mat', '--csv', 'x', '--write-baseline', 'x']),
  {
    name: 't2-9-csv-fifo',
    prepare(dir) {
      write(join(dir, 'a.mat'), mat());
      execFileSync('mkfifo', [join(dir, 'x')]);
      return {
        run: { argv: ['verify', 'a.mat', '--csv', 'x'], cwd: dir, hang: true },
        input: '--csv FIFO with no reader',
        notes: (o: Outcome) => [`stderr ${firstLine(o.stderr)}`],
      };
    },
  },
  stalledReader(),
  counted('t2-11-emoji', '😀', 35_058),
  counted('t2-11-e-acute', 'é', 35_058),
  counted('t2-11-e-acute-within', 'é', 20_000),
  sigintInPairing(400_000, 1500),
];
