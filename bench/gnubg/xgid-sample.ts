// Writes fixtures/gnubg/xgid.tsv's first columns: our XGID for every 19th position of
// fixtures/gnubg/positions.tsv. bench/gnubg/xgid-oracle.py then has GNU Backgammon read each
// XGID back (`set xgid`) and adds the Position ID and Match ID it derives.
// Run: npm run build && node dist/bench/gnubg/xgid-sample.js > fixtures/gnubg/xgid.tsv
import { readFileSync } from 'node:fs';
import { xgid } from '../../src/ids.js';
import type { Side } from '../../src/model.js';

const lines = readFileSync('fixtures/gnubg/positions.tsv', 'utf8').trim().split('\n');
const head = lines[0].split('\t');
const counts = (t: string) => {
  const n = t.split(',').map(Number);
  const a = new Uint8Array(26);
  for (let p = 1; p <= 24; p++) a[p] = n[p - 1];
  a[25] = n[24];
  a[0] = n[25];
  return a;
};
process.stdout.write('file\tgame\tmove_index\txgid\n');
for (let i = 1; i < lines.length; i += 19) {
  const r = Object.fromEntries(lines[i].split('\t').map((v, k) => [head[k], v]));
  const id = xgid(
    { sides: [counts(r.board_side0), counts(r.board_side1)] },
    {
      cubeValue: Number(r.cube_value),
      cubeOwner: Number(r.cube_owner) as Side | -1,
      turn: Number(r.player_on_roll) as Side,
      dice: Number(r.dice_0) ? [Number(r.dice_0), Number(r.dice_1)] : null,
      doubled: false,
      score: [Number(r.score0), Number(r.score1)],
      crawford: r.crawford === '1',
      length: Number(r.match_length),
      maxCubeLog2: 10,
    },
  );
  process.stdout.write(`${r.file}\t${r.game}\t${r.move_index}\t${id}\n`);
}
