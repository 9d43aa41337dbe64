# Reads fixtures/gnubg/xgid.tsv (file, game, move_index, xgid), has GNU Backgammon read each
# XGID with `set xgid`, and rewrites the file with the Position ID and Match ID gnubg derives.
# Run from the repository root:
#   HOME=$(mktemp -d) /usr/games/gnubg -t -q -r -p bench/gnubg/xgid-oracle.py
import gnubg

PATH = 'fixtures/gnubg/xgid.tsv'
rows = [line.rstrip('\n').split('\t')[:4] for line in open(PATH)]
out = [rows[0] + ['gnubg_position_id', 'gnubg_match_id']]
for row in rows[1:]:
    gnubg.command('set xgid ' + row[3])
    out.append(row + [gnubg.positionid(), gnubg.matchid()])
with open(PATH, 'w') as f:
    for row in out:
        f.write('\t'.join(row) + '\n')
print('wrote %s: %d rows' % (PATH, len(out) - 1))
