// A seeded fuzz of eXtreme Gammon .xg files: real files cut short, bit-flipped, their game
// file's bytes and records damaged and repacked with valid CRCs (test/xg-writer.ts) so that the
// damage gets past the checksums, their index lying about sizes, a zip bomb. Whatever is done,
// auditing the file never throws, gives at least one report, every finding has a catalogue code
// with one of its severities (and a record, not a line), and no number in a report is NaN or
// Infinity. The case count comes from BGAUDIT_FUZZ_XG (`npm run fuzz` runs a long one);
// BGAUDIT_FUZZ_XG_SEED changes the seed. Each case has its own generator, made from the seed and
// its number, so a failure names the one case to run again: BGAUDIT_FUZZ_XG_CASE=n runs case n
// alone.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { MatchReport } from '../../src/core/model.js';
import { FINDING_CODES } from '../../src/findings/index.js';
import { auditFile } from '../../src/read/file.js';
import { openFile } from '../../src/read/open.js';
import { CORPUS } from '../helpers.js';
import {
  GAME_FILE,
  RECORD_BYTES,
  RECORD_TYPE,
  type IndexFields,
  type XgFile,
  gameEntry,
  getInt32,
  joinRecords,
  packXg,
  recordType,
  setInt32,
  setRecordType,
  splitRecords,
  unpackXg,
  withArchiveField,
} from '../xg-writer.js';

const CASES = Number(process.env.BGAUDIT_FUZZ_XG ?? 200);
const SEED = Number(process.env.BGAUDIT_FUZZ_XG_SEED ?? 20240812);
const ONLY = process.env.BGAUDIT_FUZZ_XG_CASE;
const CASE_NUMBERS = ONLY === undefined ? Array.from({ length: CASES }, (_, i) => i) : [Number(ONLY)];

/** mulberry32: a small, fast, seeded generator of numbers in [0, 1). */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Random {
  readonly next: () => number;
  constructor(seed: number) {
    this.next = generator(seed);
  }
  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  /** An integer in [min, max]. */
  between(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }
  int32(): number {
    return (this.int(0x10000) << 16) | this.int(0x10000);
  }
}

/** The numbers most likely to find a reader's edge: bounds of dice, points, cubes, int32. */
// prettier-ignore
const EDGES = [
  0, 1, -1, 2, -2, 3, 5, 6, 7, 8, 12, 13, 23, 24, 25, 26, 27, 30, 31, 32, 64, 99, 100, 101, 102, 103, 999, 1000, 1001,
  1003, 4096, 8192, 32767, 32768, 65535, 99999, 1 << 24, 0x7fffffff, -0x80000000,
];

/** The int32 fields bgaudit reads from each record type (src/import/xg/records.ts), and the float64 ones. */
const INT_FIELDS: Record<number, number[]> = {
  [RECORD_TYPE.match]: [92, 96, 120, 124, 552, 612],
  [RECORD_TYPE.game]: [12, 16, 48, 64],
  [RECORD_TYPE.cube]: [12, 16, 20, 24, 28],
  [RECORD_TYPE.move]: [64, 68, 72, 76, 80, 84, 88, 92, 96, 100, 104],
  [RECORD_TYPE.gameEnd]: [12, 16, 24, 28, 32],
  [RECORD_TYPE.matchEnd]: [12, 16, 20],
};
const FLOAT_FIELDS = [104, 112, 128];
const FLOATS = [NaN, Infinity, -Infinity, -1, 0, 1e300, 2958466, 45000.5];
/** The bytes bgaudit reads as flags and short strings: crawford .. auto-double, the position, the played flag, name lengths. */
const BYTE_FIELDS = [8, 9, 20, 21, 22, 45, 46, 50, 100, 101, 102, 103, 2308];

interface Seed {
  name: string;
  bytes: Uint8Array;
  file: XgFile;
}

function seeds(): Seed[] {
  const folder = join(CORPUS, 'xg');
  return readdirSync(folder)
    .filter((f) => f.endsWith('.xg'))
    .sort()
    .map((name) => {
      const bytes = readFileSync(join(folder, name));
      return { name, bytes, file: unpackXg(bytes) };
    });
}

/** A copy of an unpacked file, its game file's bytes given by `data` (the other entries shared: never changed). */
function withGameFile(file: XgFile, data: Uint8Array, claim?: Partial<IndexFields>): Uint8Array {
  return packXg({
    ...file,
    entries: file.entries.map((e) => (e.name === GAME_FILE ? { ...e, data, ...(claim ? { claim } : {}) } : e)),
  });
}

function flipBits(bytes: Uint8Array, at: readonly number[], rnd: Random): Uint8Array {
  const out = Uint8Array.from(bytes);
  for (const i of at) if (i >= 0 && i < out.length) out[i] = (out[i] ?? 0) ^ (1 << rnd.int(8));
  return out;
}

/** One mutation: a kind, what it did (to say in a failure), and the bytes it made. */
type Mutate = (seed: Seed, rnd: Random) => { what: string; bytes: Uint8Array };

const MUTATIONS: Record<string, Mutate> = {
  truncate(seed, rnd) {
    const at = rnd.int(seed.bytes.length + 1);
    return { what: `cut at ${at}`, bytes: seed.bytes.subarray(0, at) };
  },
  'flip raw'(seed, rnd) {
    const at = Array.from({ length: rnd.between(1, 8) }, () => rnd.int(seed.bytes.length));
    return { what: `bits flipped at ${at.join(',')}`, bytes: flipBits(seed.bytes, at, rnd) };
  },
  'flip archive record or index'(seed, rnd) {
    // The archive record and the index (the index is under the CRC: most of these are refused there).
    const tail = 36 + seed.file.entries.length * 532;
    const at = Array.from({ length: rnd.between(1, 3) }, () => seed.bytes.length - 1 - rnd.int(tail));
    return { what: `bits flipped at ${at.join(',')}`, bytes: flipBits(seed.bytes, at, rnd) };
  },
  'archive field'(seed, rnd) {
    const field = rnd.pick(['count', 'version', 'indexSize', 'dataSize', 'indexCompressed'] as const);
    const value = rnd.next() < 0.7 ? rnd.pick(EDGES) : rnd.int32();
    return { what: `archive ${field} = ${value}`, bytes: withArchiveField(seed.bytes, field, value) };
  },
  'index lies'(seed, rnd) {
    const field = rnd.pick(['size', 'storedSize', 'start', 'crc', 'stored'] as const);
    const value =
      field === 'stored' ? rnd.int(256) : rnd.next() < 0.5 ? rnd.pick(EDGES) : rnd.next() < 0.5 ? rnd.int32() : 0;
    const game = gameEntry(seed.file);
    return {
      what: `${GAME_FILE} index ${field} = ${value}`,
      bytes: withGameFile(seed.file, game.data, { [field]: value }),
    };
  },
  'huge size claim'(seed, rnd) {
    const size = rnd.pick([0x7fffffff, 16 * 1024 * 1024 + 1, 50_000_000, -1, -0x80000000, 1]);
    return {
      what: `${GAME_FILE} claims ${size} bytes`,
      bytes: withGameFile(seed.file, gameEntry(seed.file).data, { size }),
    };
  },
};

/** A mutation of the inflated game file: what it did, and the bytes it made (never `data` itself, which is shared). */
type MutateGame = (data: Uint8Array, rnd: Random) => { what: string; data: Uint8Array };

const GAME_MUTATIONS: Record<string, MutateGame> = {
  'flip game file'(data, rnd) {
    const records = Math.max(1, Math.floor(data.length / RECORD_BYTES));
    const at = Array.from({ length: rnd.between(1, 16) }, () =>
      rnd.next() < 0.3 ? rnd.int(data.length) : rnd.int(records) * RECORD_BYTES + rnd.int(112),
    );
    return { what: `game file bits flipped at ${at.join(',')}`, data: flipBits(data, at, rnd) };
  },
  'set field'(original, rnd) {
    const data = Uint8Array.from(original);
    const view = new DataView(data.buffer);
    const said: string[] = [];
    const records = Math.floor(data.length / RECORD_BYTES);
    for (let n = records === 0 ? 0 : rnd.between(1, 4); n > 0; n--) {
      const k = rnd.int(records);
      const base = k * RECORD_BYTES;
      const type = data[base + 8] ?? 0;
      const choice = rnd.next();
      if (type === RECORD_TYPE.match && choice < 0.3) {
        const at = rnd.pick(FLOAT_FIELDS);
        const value = rnd.pick(FLOATS);
        view.setFloat64(base + at, value, true);
        said.push(`record ${k + 1} @${at} = ${value}`);
      } else if (choice < 0.5) {
        const at = rnd.pick(BYTE_FIELDS);
        const value = rnd.pick([0, 1, 2, 40, 41, 127, 128, 255]);
        data[base + at] = value;
        said.push(`record ${k + 1} byte @${at} = ${value}`);
      } else {
        const at = rnd.pick(INT_FIELDS[type] ?? [12]);
        const value = rnd.next() < 0.8 ? rnd.pick(EDGES) : rnd.int32();
        view.setInt32(base + at, value, true);
        said.push(`record ${k + 1} (type ${type}) @${at} = ${value}`);
      }
    }
    return { what: said.join('; '), data };
  },
  'records reordered'(data, rnd) {
    const records = splitRecords(data.subarray(0, data.length - (data.length % RECORD_BYTES)));
    const said: string[] = [];
    for (let n = rnd.between(1, 3); n > 0 && records.length > 0; n--) {
      const a = rnd.int(records.length);
      const b = rnd.int(records.length);
      const op = rnd.pick(['swap', 'duplicate', 'remove'] as const);
      if (op === 'swap') [records[a], records[b]] = [records[b], records[a]];
      else if (op === 'duplicate') records.splice(b, 0, Uint8Array.from(records[a]));
      else records.splice(a, 1);
      said.push(op === 'remove' ? `remove ${a + 1}` : `${op} ${a + 1} ${b + 1}`);
    }
    return { what: said.join('; '), data: joinRecords(records) };
  },
  'record type'(original, rnd) {
    const data = Uint8Array.from(original);
    const k = rnd.int(Math.floor(data.length / RECORD_BYTES));
    const type = rnd.next() < 0.6 ? 9 : rnd.pick([6, 7, 8, 255]);
    if (k * RECORD_BYTES + 8 < data.length) setRecordType(data.subarray(k * RECORD_BYTES), type);
    return { what: `record ${k + 1} of type ${type}`, data };
  },
  'game file cut'(data, rnd) {
    const at = rnd.next() < 0.5 ? rnd.int(data.length + 1) : rnd.int(Math.min(data.length, 4 * RECORD_BYTES) + 1);
    return { what: `game file cut at ${at}`, data: data.slice(0, at) };
  },
};

/** Each game file mutation as a file mutation: applied to the seed's game file, repacked with CRCs right. */
for (const [kind, mutate] of Object.entries(GAME_MUTATIONS)) {
  MUTATIONS[kind] = (seed, rnd) => {
    const { what, data } = mutate(gameEntry(seed.file).data, rnd);
    return { what, bytes: withGameFile(seed.file, data) };
  };
}
/** Two to four game file mutations, one after another. */
MUTATIONS['game file mutations stacked'] = (seed, rnd) => {
  let data = gameEntry(seed.file).data;
  const said: string[] = [];
  for (let n = rnd.between(2, 4); n > 0; n--) {
    const kind = rnd.pick(Object.keys(GAME_MUTATIONS));
    const step = GAME_MUTATIONS[kind](data, rnd);
    data = step.data;
    said.push(`${kind}: ${step.what}`);
  }
  return { what: said.join(' / '), bytes: withGameFile(seed.file, data) };
};
const KINDS = Object.keys(MUTATIONS);

/** The game headers of an XG file's game file (whole records only), each with the match header version it is read under. */
function gameHeaders(bytes: Uint8Array): { record: Uint8Array; version: number }[] {
  let data: Uint8Array;
  try {
    data = gameEntry(unpackXg(bytes)).data;
  } catch {
    return [];
  }
  const out: { record: Uint8Array; version: number }[] = [];
  let version = 0;
  for (let at = 0; at + RECORD_BYTES <= data.length; at += RECORD_BYTES) {
    const record = data.subarray(at, at + RECORD_BYTES);
    if (recordType(record) > 7) break;
    if (recordType(record) === RECORD_TYPE.match) version = getInt32(record, 552);
    if (recordType(record) === RECORD_TYPE.game) out.push({ record, version });
  }
  return out;
}

/** The checkers of each side in a game header's position (21..46: side 0 positive, side 1 negative). */
function checkersOf(record: Uint8Array): [number, number] {
  const counts: [number, number] = [0, 0];
  for (let i = 0; i < 26; i++) {
    const n = ((record[21 + i] ?? 0) << 24) >> 24;
    if (n > 0) counts[0] += n;
    else counts[1] -= n;
  }
  return counts;
}

/** The path of the first number in `v` that is not finite (NaN, ±Infinity), or null. */
function nonFinite(v: unknown, path = ''): string | null {
  if (typeof v === 'number') return Number.isFinite(v) ? null : `${path} (${v})`;
  if (typeof v !== 'object' || v === null) return null;
  for (const [k, x] of Object.entries(v)) {
    const found = nonFinite(x, `${path}.${k}`);
    if (found !== null) return found;
  }
  return null;
}

/** What is wrong with a file's reports (empty: nothing); throws when auditing it throws. */
function problems(bytes: Uint8Array, file: string): string[] {
  const reports: MatchReport[] = auditFile(bytes, file);
  const out: string[] = [];
  if (reports.length === 0) out.push('no report');
  for (const r of reports) {
    JSON.stringify(r); // plain data, as the pool and the reporters need
    // src/core/limits.ts: nothing downstream sees Infinity or NaN.
    const odd = nonFinite(r);
    if (odd !== null) out.push(`a number that is not finite at ${odd}`);
    for (const f of [...r.findings, ...r.games.flatMap((g) => g.findings)]) {
      const declared = (FINDING_CODES as Record<string, { severities: readonly string[] } | undefined>)[f.code];
      if (declared === undefined) out.push(`unknown code ${f.code}`);
      else if (!declared.severities.includes(f.severity)) out.push(`${f.code} with severity ${f.severity}`);
      // auditFile never catches: an internal-error would mean a reader made one up.
      if (f.code === 'internal-error') out.push(`internal-error: ${f.message}`);
      if (r.format === 'xg' && f.line !== undefined) out.push(`${f.code} placed by line ${f.line}, not by record`);
    }
  }
  return out;
}

/** A case's failure, if any, in words that let it be run again. */
function failureOf(run: () => string[], label: string): string | null {
  try {
    const p = run();
    return p.length === 0 ? null : `${label}: ${p.join('; ')}`;
  } catch (e) {
    return `${label}: threw ${(e as Error).stack?.split('\n').slice(0, 3).join(' | ') ?? String(e)}`;
  }
}

describe('.xg files under mutation', () => {
  const all = seeds();

  it(
    `${CASE_NUMBERS.length} mutated files (seed ${SEED}): no throw, a report, known codes`,
    () => {
      expect(all.length).toBeGreaterThanOrEqual(9);
      const failures: string[] = [];
      const done = new Map<string, number>();
      let slowest = { ms: 0, label: '' };
      for (const i of CASE_NUMBERS) {
        const rnd = new Random(Math.imul(SEED, 0x9e3779b1) ^ i);
        // Round robin over the kinds: every kind is tried, however few the cases.
        const kind = KINDS[i % KINDS.length];
        const seed = rnd.pick(all);
        const { what, bytes } = MUTATIONS[kind](seed, rnd);
        const label = `case ${i} (${kind}, ${seed.name}: ${what})`;
        const start = performance.now();
        const failure = failureOf(() => problems(bytes, seed.name), label);
        const ms = performance.now() - start;
        if (ms > slowest.ms) slowest = { ms, label };
        if (failure !== null) failures.push(failure);
        done.set(kind, (done.get(kind) ?? 0) + 1);
      }
      expect(failures).toEqual([]);
      expect(done.size).toBe(Math.min(CASE_NUMBERS.length, KINDS.length));
      // No case may come near a hang: the slowest reads a whole file in milliseconds.
      expect(slowest.ms, slowest.label).toBeLessThan(5000);
    },
    30 * 60_000,
  );

  it('cuts at the edges of the container: each length up to 64, around the headers and the archive record', () => {
    const seed = all.find((s) => s.name === 'kevung__test.xg') ?? all[0];
    const n = seed.bytes.length;
    const dataStart = seed.file.header.length;
    const lengths = [
      ...Array.from({ length: 65 }, (_, k) => k),
      8231,
      8232,
      8233,
      8267,
      8268,
      8269,
      dataStart - 1,
      dataStart,
      dataStart + 1,
      n - 37,
      n - 36,
      n - 35,
      n - 1,
      n,
    ];
    const failures = lengths.map((at) =>
      failureOf(() => problems(seed.bytes.subarray(0, at), seed.name), `cut at ${at}`),
    );
    expect(failures.filter((f) => f !== null)).toEqual([]);
  });

  it('a file of "RGMH" and 0 to 3 more bytes is one parse-error: shorter than its headers', () => {
    const seed = all[0];
    for (let at = 4; at <= 7; at++) {
      const [report] = auditFile(seed.bytes.subarray(0, at), seed.name);
      expect(report.findings.map((f) => f.message)).toEqual([
        'cannot read this .xg file: the file is shorter than its headers',
      ]);
    }
  });

  describe('a game header bgaudit cannot take as it is: a parse-error at its record, never a throw', () => {
    const seed = () => all.find((s) => s.name === 'kevung__test.xg') ?? all[0];
    const withHeader = (edit: (header: Uint8Array) => void) => {
      const records = splitRecords(gameEntry(seed().file).data);
      edit(records[records.findIndex((r) => recordType(r) === RECORD_TYPE.game)]);
      return withGameFile(seed().file, joinRecords(records));
    };
    // The start position as XG writes it (side 0 positive at its points, side 1 negative at 25 -
    // its point), with `six` checkers on side 0's 6 point.
    const start = (six: number) => [0, -2, 0, 0, 0, 0, six, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2, 0];

    it.each([20, 40, 127])('a start position with %i checkers on a point', (six) => {
      const bytes = withHeader((h) => start(six).forEach((n, i) => (h[21 + i] = n & 0xff)));
      expect(checkersOf(gameHeaders(bytes)[0].record)[0]).toBeGreaterThan(15);
      const [report] = auditFile(bytes, seed().name);
      const errors = report.findings.filter((f) => f.severity === 'error');
      expect(errors).toMatchObject([
        { code: 'parse-error', game: 1, record: 2, message: expect.stringContaining('more than 15 checkers') },
      ]);
      expect(nonFinite(report)).toBeNull();
      expect(JSON.stringify(report)).not.toContain('undefined');
    });

    it.each([13, 1024, -1])('%i automatic doubles', (n) => {
      const bytes = withHeader((h) => setInt32(h, 64, n));
      const [report] = auditFile(bytes, seed().name);
      expect(report.findings.filter((f) => f.severity === 'error')).toMatchObject([
        { code: 'parse-error', game: 1, record: 2, message: expect.stringContaining('automatic doubles') },
      ]);
      expect(report.games[0].cube?.value).toBe(1);
      expect(nonFinite(report)).toBeNull();
    });
  });

  it('a file whose game file is empty, or holds only its match header, or is missing, is a report', () => {
    const seed = all.find((s) => s.name === 'kevung__test.xg') ?? all[0];
    const data = gameEntry(seed.file).data;
    const cases: [string, Uint8Array][] = [
      ['empty game file', withGameFile(seed.file, new Uint8Array(0))],
      ['match header only', withGameFile(seed.file, data.slice(0, RECORD_BYTES))],
      ['no match header', withGameFile(seed.file, data.slice(RECORD_BYTES))],
      [
        'no temp.xg',
        packXg({
          ...seed.file,
          entries: seed.file.entries.map((e) => (e.name === GAME_FILE ? { ...e, name: 'x.xg' } : e)),
        }),
      ],
      ['no entries', packXg({ ...seed.file, entries: [] })],
      ['a compressed index', packXg(seed.file, { index: 'deflate' })],
      [
        'a record of type 9 first',
        withGameFile(
          seed.file,
          (() => {
            const d = Uint8Array.from(data);
            setRecordType(d, 9);
            return d;
          })(),
        ),
      ],
    ];
    const failures = cases.map(([label, bytes]) => failureOf(() => problems(bytes, seed.name), label));
    expect(failures.filter((f) => f !== null)).toEqual([]);
    // A compressed index (as XG writes it) reads as the uncompressed one does.
    expect(JSON.stringify(auditFile(packXg(seed.file, { index: 'deflate' }), seed.name))).toBe(
      JSON.stringify(auditFile(seed.bytes, seed.name)),
    );
    // A type 9 record first: the reader says so at record 1.
    const nine = cases[cases.length - 1][1];
    const parse = auditFile(nine, seed.name).flatMap((r) => r.findings.filter((f) => f.code === 'parse-error'));
    expect(parse.map((f) => f.record)).toContain(1);
    expect(recordType(splitRecords(gameEntry(unpackXg(nine)).data)[0])).toBe(9);
  });

  describe('a zip bomb: 50 MB of zeros deflated', () => {
    const seed = all.find((s) => s.name === 'kevung__test.xg') ?? all[0];
    const BOMB = 50_000_000;
    const zeros = new Uint8Array(BOMB);
    const bomb = deflateSync(zeros, { level: 9 });
    /** The file with its game file (or `entry`) replaced by the bomb, claiming `size` bytes inflated. */
    const bombed = (size: number, entry = GAME_FILE) =>
      packXg({
        ...seed.file,
        entries: seed.file.entries.map((e) =>
          e.name === entry ? { ...e, data: zeros, deflated: bomb, claim: { size } } : e,
        ),
      });
    /** The reasons openFile gives for the file at `limit`. */
    const reasons = (bytes: Uint8Array, limit?: number) => {
      const decoded = openFile(bytes, seed.name, limit);
      if (!decoded.ok) throw new Error(decoded.reason);
      expect(decoded.binary?.matches).toEqual([]);
      return (decoded.binary?.errors ?? []).map((e) => e.message);
    };

    it('is small', () => {
      expect(bomb.length).toBeLessThan(100_000);
    });

    it('claiming its size: refused before it is inflated', () => {
      const bytes = bombed(BOMB);
      expect(reasons(bytes, 1_000_000)).toEqual([
        `its game file is ${BOMB} bytes once inflated, more than the 1000000-byte limit (--max-file-size)`,
      ]);
      const [report, ...more] = auditFile(bytes, seed.name);
      expect(more).toEqual([]);
      expect(report.findings.map((f) => f.code)).toEqual(['parse-error']);
      expect(report.findings[0].message).toMatch(/more than the 16777216-byte limit/);
    });

    it('claiming a small size: inflated no further than the limit, then refused', () => {
      for (const size of [RECORD_BYTES, 0, 1_000_000]) {
        const bytes = bombed(size);
        expect(reasons(bytes, 1_000_000)).toEqual([
          'its game file inflates to more than the 1000000-byte limit (--max-file-size)',
        ]);
        const reports = auditFile(bytes, seed.name);
        expect(reports).toHaveLength(1);
        expect(reports[0].findings.map((f) => f.code)).toEqual(['parse-error']);
        expect(reports[0].findings[0].message).toMatch(/inflates to more than the 16777216-byte limit/);
      }
    });

    it('in an entry bgaudit does not read (temp.xgi): never inflated, the file reads as before', () => {
      const bytes = bombed(5120, 'temp.xgi');
      expect(JSON.stringify(auditFile(bytes, seed.name))).toBe(JSON.stringify(auditFile(seed.bytes, seed.name)));
    });

    it('as a compressed index: inflated no further than the index needs, then refused', () => {
      const bytes = packXg(seed.file, { index: bomb });
      const [reason, ...more] = reasons(bytes, 1_000_000);
      expect(more).toEqual([]);
      expect(reason).toMatch(/archive index/);
      expect(problems(bytes, seed.name)).toEqual([]);
    });
  });
});
