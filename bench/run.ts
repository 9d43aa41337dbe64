// `npm run bench`: in-process throughput of each stage on the shared corpus, medians of 7 runs.
// Figures, not assertions: the machines are shared and noisy.
import { MatReader, parseMat } from '../grammars/mat.js';
import { decode } from '../src/read/decode.js';
import { replay } from '../src/engine/replay.js';
import { importRecord } from '../src/import/index.js';
import { importMatNode } from '../src/import/mat.js';
import { auditFile } from '../src/read/file.js';
import type { MatchRecord } from '../src/core/model.js';
import { corpusFiles, timeIt } from './corpus.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const files = corpusFiles();
const bytes = files.reduce((n, f) => n + f.bytes.length, 0);

// Stages that make and drop their results run first, while little else is alive: holding every
// record of the corpus at once (the replay stage needs that) slows the garbage collector for
// everything measured after it, which no real run does.
const auditMs = timeIt(RUNS, () => files.forEach((f) => auditFile(f.bytes, f.name)));
const importMs = timeIt(RUNS, () => files.forEach((f) => importRecord(f.bytes, f.name)));
let texts: string[] = files.map((f) => {
  const d = decode(f.bytes);
  return d.ok ? d.text : '';
});
const parseMs = timeIt(RUNS, () => texts.forEach((t) => parseMat(t)));
// What `verify` does with a .mat text (src/read/by-match.ts): the grammar one match at a time, each imported.
const readerMs = timeIt(RUNS, () =>
  texts.forEach((t) => {
    const reader = new MatReader(t);
    let k = 0;
    for (let node = reader.next(); node !== null; node = reader.next()) importMatNode(node, 'f', ++k);
    reader.rest();
  }),
);
texts = [];
const records: MatchRecord[] = files.flatMap((f) => importRecord(f.bytes, f.name).matches);
const games = records.reduce((n, m) => n + m.games.length, 0);
const rolls = records.reduce(
  (n, m) => n + m.games.reduce((k, g) => k + g.actions.filter((a) => a.type === 'roll').length, 0),
  0,
);
const replayMs = timeIt(RUNS, () => {
  for (const m of records)
    for (const g of m.games) replay(g, { variant: m.variant, marksHits: true, players: m.players });
});

const mb = bytes / 1e6;
const row = (what: string, ms: number, rate: string) =>
  console.log(`${what.padEnd(28)} ${ms.toFixed(1).padStart(8)} ms   ${rate}`);
console.log(
  `corpus: ${files.length} .mat files, ${mb.toFixed(2)} MB, ${records.length} matches, ${games} games, ${rolls} rolls (median of ${RUNS} runs, one core, in process)`,
);
row('grammar (text → tree)', parseMs, `${(mb / (parseMs / 1000)).toFixed(1)} MB/s`);
row('reader (text → records)', readerMs, `${(mb / (readerMs / 1000)).toFixed(1)} MB/s, match by match as verify reads`);
row(
  'import (bytes → records)',
  importMs,
  `${(mb / (importMs / 1000)).toFixed(1)} MB/s, ${((importMs / files.length) * 1000).toFixed(0)} µs/file`,
);
row('replay (records → positions)', replayMs, `${Math.round(rolls / (replayMs / 1000)).toLocaleString('en')} moves/s`);
row(
  'full audit (bytes → reports)',
  auditMs,
  `${Math.round(files.length / (auditMs / 1000)).toLocaleString('en')} files/s, ${Math.round(games / (auditMs / 1000)).toLocaleString('en')} games/s`,
);
