// Writes fixtures/gnubg/xgid.tsv's first columns: our XGID for every 19th position of
// fixtures/gnubg/positions.tsv. bench/gnubg/xgid-oracle.py then has GNU Backgammon read each
// XGID back (`set xgid`) and adds the Position ID and Match ID it derives.
// Run: npm run build && node dist/bench/gnubg/xgid-sample.js > fixtures/gnubg/xgid.tsv
import { readFileSync } from 'node:fs';
import { xgid } from '../../src/engine/ids.js';
import { readTsv, rowPosition, rowXgidState } from './oracle-rows.js';
import { itemAt } from '../../src/core/at.js';

const rows = readTsv(readFileSync('fixtures/gnubg/positions.tsv', 'utf8'));
process.stdout.write('file\tgame\tmove_index\txgid\n');
for (let i = 0; i < rows.length; i += 19) {
  const r = itemAt(rows, i);
  process.stdout.write(`${r.file}\t${r.game}\t${r.move_index}\t${xgid(rowPosition(r), rowXgidState(r))}\n`);
}
