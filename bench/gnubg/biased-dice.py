# Matches played by GNU Backgammon with dice read from a file (`set rng file PATH`), for the dice
# audit: an archive with known biased dice, and one as long with gnubg's own dice.
#
# Run from the repository root (see bench/gnubg/README.md, "Biased dice"):
#   HOME=$(mktemp -d) /usr/games/gnubg -t -q -r -p bench/gnubg/biased-dice.py
#
# Environment:
#   OUT      folder to write to (default fixtures/dice, relative to the current dir)
#   MATCHES  matches of each kind (default 5), LENGTH their length in points (default 7)
#   P_DOUBLE the chance of a double in the dice file (default 0.30; fair dice: 1/6)
#   SEED     seed of the dice file and of gnubg's own dice (default 17)
#
# Writes OUT/biased-NN.mat, played with the file's dice, OUT/fair-NN.mat, played with gnubg's
# Mersenne Twister (`export match mat`: gnubg's SGF of a played match holds its evaluations, 50
# times larger), and OUT/gnubg-rolls.tsv: each file's rolls by roll as gnubg's own match record
# has them (gnubg.match(): each move record's dice), for the test that bgaudit counts the same.
# The dice file (TMPDIR/biased-dice.txt, made from SEED) holds one die a character: gnubg reads
# the digits 1-6 in turn, from one `set rng file` on through all the biased matches. Both players
# are gnubg at 0 ply, cube on; every game is played to its end by `play`. Deterministic.
import os
import random
import tempfile

import gnubg

OUT = os.environ.get('OUT', 'fixtures/dice')
MATCHES = int(os.environ.get('MATCHES', '5'))
LENGTH = int(os.environ.get('LENGTH', '7'))
P_DOUBLE = float(os.environ.get('P_DOUBLE', '0.30'))
SEED = int(os.environ.get('SEED', '17'))
ROLLS_IN_FILE = 200000
C = gnubg.command


def write_dice_file(path):
    """ROLLS_IN_FILE rolls: a double with chance P_DOUBLE (each double alike), else two different dice."""
    rnd = random.Random(SEED)
    out = []
    for _ in range(ROLLS_IN_FILE):
        if rnd.random() < P_DOUBLE:
            d = rnd.randint(1, 6)
            out.append('%d%d' % (d, d))
        else:
            a, b = rnd.sample(range(1, 7), 2)
            out.append('%d%d' % (a, b))
    with open(path, 'w') as f:
        for i in range(0, len(out), 40):
            f.write(' '.join(out[i:i + 40]) + '\n')


def setup(rng, seed):
    C('set display off')
    if rng == 'mersenne':
        C('set rng mersenne')
        C('set seed %d' % seed)
    C('set automatic game off')
    C('set automatic roll off')
    C('set confirm new off')
    C('set confirm save off')
    for p in (0, 1):
        C('set player %d gnubg' % p)
        C('set player %d chequerplay evaluation plies 0' % p)
        C('set player %d cubedecision evaluation plies 0' % p)
    C('set automatic crawford on')
    C('set cube use on')
    C('set variation standard')


def match_over():
    md = gnubg.match(0, 0, 0, 0)
    i = md['games'][-1]['info']
    score = [i['score-X'], i['score-O']]
    if i.get('winner') in ('X', 'O'):
        score[0 if i['winner'] == 'X' else 1] += i['points-won']
    return max(score) >= LENGTH


def play_match(name, rng, seed):
    setup(rng, seed)
    C('new match %d' % LENGTH)
    C('set player 0 name %s_white' % name.split('-')[0])
    C('set player 1 name %s_black' % name.split('-')[0])
    while True:
        guard = 0
        while gnubg.posinfo()['gamestate'] == 1:
            guard += 1
            if guard > 3000:
                raise RuntimeError('runaway game')
            C('play')
        if match_over():
            break
        C('new game')
    C('export match mat ' + os.path.join(OUT, name + '.mat'))
    md = gnubg.match(0, 0, 0, 0)
    counts = {}
    for g in md['games']:
        for r in g['game']:
            if r.get('action') == 'move':
                d = tuple(sorted(r['dice'], reverse=True))
                counts[d] = counts.get(d, 0) + 1
    ROWS.append((name + '.mat', counts))
    doubles = sum(n for d, n in counts.items() if d[0] == d[1])
    print('%s: %d games, %d rolls, %d doubles' % (name, len(md['games']), sum(counts.values()), doubles))


ROWS = []
ROLL_NAMES = ['%d-%d' % (d, d) for d in range(1, 7)] + ['%d-%d' % (a, b) for a in range(2, 7) for b in range(1, a)]


os.makedirs(OUT, exist_ok=True)
DICE_FILE = os.path.join(tempfile.gettempdir(), 'biased-dice.txt')
write_dice_file(DICE_FILE)
C('set rng file ' + DICE_FILE)
for k in range(MATCHES):
    play_match('biased-%02d' % (k + 1), 'file', 0)
for k in range(MATCHES):
    play_match('fair-%02d' % (k + 1), 'mersenne', SEED + k)
with open(os.path.join(OUT, 'gnubg-rolls.tsv'), 'w') as f:
    f.write('\t'.join(['file'] + ROLL_NAMES) + '\n')
    for name, counts in ROWS:
        cells = [str(counts.get((int(r[0]), int(r[2])), 0)) for r in ROLL_NAMES]
        f.write('\t'.join([name] + cells) + '\n')
print('wrote %s: %d rows' % (os.path.join(OUT, 'gnubg-rolls.tsv'), len(ROWS)))
