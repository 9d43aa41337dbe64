// Hostile inputs against what bgaudit renders and writes, for `bench/trust.ts`: one file that
// reports without end between two good ones, the per-byte memory of every format, a disk that
// fills up, a reader that stops early, signals, CSV on a terminal.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CORPUS } from './corpus.js';
import { codesOf, type Case, type Sizes } from './trust-cases.js';
import type { Outcome } from './trust-run.js';
import { itemAt } from '../src/core/at.js';

const corpusDir = join(CORPUS, 'mat');
const good = (): Buffer =>
  readFileSync(
    join(
      corpusDir,
      itemAt(
        readdirSync(corpusDir)
          .filter((n) => n.endsWith('.mat'))
          .sort(),
        0,
      ),
    ),
  );
const mb = (n: number) => `${(n / 1e6).toFixed(n >= 1e7 ? 1 : 2)} MB`;
const firstLine = (s: string) => JSON.stringify(itemAt(s.split('\n'), 0).slice(0, 90));
const TAKES_HEAD = ' 7 point match\n\n Game 1\n Anna : 0                       Boris : 0\n';
/** ` 1) Takes  Takes` lines: two findings a line (a take with no double), 17 bytes. */
const takes = (bytes: number) => TAKES_HEAD + ' 1) Takes  Takes\n'.repeat(Math.round(bytes / 17));
/** Bytes of memory per byte of input, over an idle run's 70 MB. */
const perByte = (o: Outcome, bytes: number) =>
  `${Math.round(((o.maxRssKb - 70 * 1024) * 1024) / bytes)} B/B over 70 MB`;

function put(dir: string, name: string, content: string | Buffer): number {
  writeFileSync(join(dir, name), content);
  return statSync(join(dir, name)).size;
}

/** A bgaudit spool folder left in `tmp`. */
const spoolLeft = (tmp: string) => {
  const left = existsSync(tmp) ? readdirSync(tmp).filter((n) => n.startsWith('bgaudit-spool-')) : [];
  return left.length === 0 ? 'no spool left' : `SPOOL LEFT (${left.length})`;
};

/** A tmpfs of `kb` KB at `at` (root only); false when it cannot be mounted. */
function smallDisk(at: string, kb: number): boolean {
  mkdirSync(at, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${kb}k`, 'tmpfs', at], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
function unmount(at: string): void {
  try {
    execFileSync('umount', [at], { stdio: 'ignore' });
  } catch {
    /* not mounted */
  }
}

function takesBetweenGood(name: string, bytes: (s: Sizes) => number, extra: string[]): Case {
  return {
    name,
    prepare(dir, s) {
      mkdirSync(join(dir, 'd'));
      put(dir, 'd/a.mat', good());
      const size = put(dir, 'd/m.mat', takes(bytes(s)));
      put(dir, 'd/z.mat', good());
      return {
        run: { argv: ['verify', 'd', '--format', 'ndjson', '-q', '--jobs', '1', ...extra], cwd: dir },
        input: `${mb(size)} of takes between 2 good files${extra.length ? ` ${extra.join(' ')}` : ''}`,
        expect: ['d/a.mat', 'd/m.mat', 'd/z.mat'],
        watch: ['d/m.mat'],
        notes: (o) => {
          const notes = [`d/m.mat: ${codesOf(o, 'd/m.mat')}`, perByte(o, size)];
          if (extra.includes('--html')) {
            const page = existsSync(join(dir, 'x.html')) ? readFileSync(join(dir, 'x.html'), 'latin1') : '';
            notes.push(`page ${mb(page.length)}${page.trimEnd().endsWith('</html>') ? ', ends </html>' : ', CUT'}`);
          }
          if (!['0', '1'].includes(o.exit)) notes.push(`stderr ${firstLine(o.stderr)}`);
          return notes;
        },
      };
    },
  };
}

/** One format's peak memory on one input. */
function formatCase(name: string, shape: 'takes' | 'corpus', format: string): Case {
  return {
    name,
    prepare(dir, s) {
      const content =
        shape === 'takes'
          ? takes(s.renderTakesBytes)
          : Buffer.concat(
              readdirSync(corpusDir)
                .filter((n) => n.endsWith('.mat'))
                .sort()
                .flatMap((n) => [readFileSync(join(corpusDir, n)), Buffer.from('\n')]),
            );
      const size = put(dir, 'f.mat', content);
      const argv =
        format === 'csv'
          ? ['csv', 'f.mat', '-o', 'out.csv']
          : format === 'html'
            ? ['verify', 'f.mat', '-q', '--html', 'x.html']
            : ['verify', 'f.mat', '-q', '--format', format];
      return {
        run: { argv: [...argv, '--jobs', '1', '--no-duplicates'], cwd: dir },
        input: `${mb(size)} ${shape === 'takes' ? 'of takes' : 'of the corpus .mat files, one file'}, ${format}`,
        notes: (o) => [perByte(o, size), ...(['0', '1'].includes(o.exit) ? [] : [`stderr ${firstLine(o.stderr)}`])],
      };
    },
  };
}

function signalCase(name: NodeJS.Signals): Case {
  return {
    name: `28-6-${name.toLowerCase()}`,
    prepare(dir) {
      const tmp = join(dir, 'tmp');
      mkdirSync(tmp);
      put(dir, 'big.mat', Buffer.concat(Array.from({ length: 400 }, () => good())));
      return {
        run: {
          argv: ['verify', 'big.mat', '--format', 'ndjson', '-q', '--max-file-size', '64K', '--jobs', '1'],
          cwd: dir,
          env: { TMPDIR: tmp },
          signal: { name, when: () => spoolLeft(tmp) !== 'no spool left' },
        },
        input: `${name} once the spool folder is made`,
        notes: () => [spoolLeft(tmp)],
      };
    },
  };
}

export const RENDER_CASES: Case[] = [
  // 1. One file takes the whole process down.
  takesBetweenGood('28-1-takes-html', (s) => s.renderTakesHtmlBytes, ['--html', 'x.html', '--max-file-size', '8M']),
  takesBetweenGood('28-1-takes-default', (s) => s.renderTakesDefaultBytes, []),
  // 2. Every format's memory per byte, on the pathological file and on corpus matches.
  ...['text', 'json', 'ndjson', 'csv', 'html'].map((f) => formatCase(`28-2-takes-${f}`, 'takes', f)),
  ...['text', 'json', 'ndjson', 'csv', 'html'].map((f) => formatCase(`28-2-corpus-${f}`, 'corpus', f)),
  // 5. A full disk.
  {
    name: '28-5-csv-full-disk',
    prepare(dir) {
      const disk = join(dir, 'disk');
      const mounted = smallDisk(disk, 64);
      return {
        run: {
          argv: ['verify', join(process.cwd(), 'fixtures'), '-q', '--csv', join(disk, 'out.csv')],
          cwd: dir,
        },
        input: mounted ? '--csv onto a 64 KB tmpfs' : 'NOT RUN: cannot mount a tmpfs',
        notes: (o) => {
          const size = existsSync(join(disk, 'out.csv')) ? statSync(join(disk, 'out.csv')).size : 0;
          unmount(disk);
          return [`${size} bytes written`, `stderr ${firstLine(o.stderr.replace(/^bgaudit: \d+ match.*\n/m, ''))}`];
        },
      };
    },
  },
  // 6. A reader that stops early, and signals.
  {
    name: '28-6-head-1',
    prepare(dir) {
      const tmp = join(dir, 'tmp');
      mkdirSync(tmp);
      const size = put(dir, 'big.mat', Buffer.concat(Array.from({ length: 400 }, () => good())));
      return {
        run: {
          argv: ['verify', 'big.mat', '--format', 'ndjson', '--max-file-size', '64K', '-q'],
          cwd: dir,
          env: { TMPDIR: tmp },
          headOne: true,
        },
        input: `${mb(size)} | head -1`,
        notes: () => [spoolLeft(tmp)],
      };
    },
  },
  ...(['SIGHUP', 'SIGQUIT', 'SIGALRM'] as const).map(signalCase),
  // 10. CSV on a terminal.
  {
    name: '28-10-csv-tty',
    prepare(dir) {
      put(
        dir,
        'e.mat',
        [
          ' 7 point match',
          '',
          ' Game 1',
          ' k\u001b]0;PWNED\u0007\u001b[2J\u202eX : 0                       Boris : 0',
          '  1)                             41: 13/9 24/23',
          '  2) 65: 24/18 18/13              Doubles => 2',
          '  3)  Drops                       Wins 1 point',
          '',
        ].join('\n'),
      );
      return {
        run: { argv: ['csv', 'e.mat'], cwd: dir, tty: true },
        input: 'a player named k ESC]0;PWNED BEL ESC[2J U+202E X, stdout a terminal',
        notes: (o) => [`stdout: ${o.out.esc} ESC, ${o.out.bel} BEL`],
      };
    },
  },
];
