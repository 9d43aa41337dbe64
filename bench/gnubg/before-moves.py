# GNU Backgammon's Position ID (and Match ID) BEFORE every checker move of the
# gnubg-generated corpus, for bgaudit's "position before the action".
#
# Run from the repository root (see bench/gnubg/README.md, "before-moves.tsv"):
#   HOME=$(mktemp -d) /usr/games/gnubg -t -q -r -p bench/gnubg/before-moves.py
#
# Environment: CORPUS (default corpus/gnubg-generated),
#              OUT    (default fixtures/gnubg, relative to the current dir).
#
# Files and loading are those of oracle.py: every *.sgf (`load match`), its
# paired *.mat (`import mat`, with gnubg's Jacoby setting set as oracle.py
# does), then extras/*.sgf.  One row per record with action 'move' of
# gnubg.match(0, 1, 0, 0) (dances included).  The Position ID is the record's
# own `board` (gnubg writes the position before the record into it); the
# script walks the records with gnubg.navigate() as oracle.py does and asserts,
# for every row, that:
#   * the state before the record has exactly that Position ID, and the mover
#     holds the dice in it (Match-ID bit 7 and `turn`), with the record's dice;
#   * decoding the ID gives gnubg.board(), the mover's half second (on roll);
#   * playing the record's move on that board (hitting where it lands) gives
#     the board gnubg has after navigating over the record, halves swapped.
# x04 (a lone `save game`) has no gnubg.match() dict; its moves are found by
# navigation alone, as oracle.py does (the dice owner changes after a move).
import base64
import glob
import os

import gnubg

CORPUS = os.environ.get('CORPUS', 'corpus/gnubg-generated')
OUT = os.environ.get('OUT', 'fixtures/gnubg')
C = gnubg.command
PLAYER = {'X': 0, 'O': 1}   # gnubg.match() calls player 0 (White, .mat left) 'X'
JACOBY = {'s01_money_jacoby.mat': 'on', 's02_money_autodouble_beaver_resign.mat': 'off'}
DANCES = [0]   # move records with no move (dances, and x01's placeholder), for the log
COLS = ['file', 'game', 'move_index', 'record_index', 'mover', 'dice_0', 'dice_1',
        'position_id', 'match_id']


def bits(b64, nbytes):
    raw = base64.b64decode(b64 + '=' * (-len(b64) % 4))[:nbytes]
    return [(byte >> k) & 1 for byte in raw for k in range(8)]


def decode_position_id(pid):
    """The two 25-int halves in key order (first half = anBoard[0], not on roll)."""
    halves, side, point = [[0] * 25, [0] * 25], 0, 0
    for b in bits(pid, 10):
        if side > 1:
            break
        if b:
            halves[side][point] += 1
        else:
            point += 1
            if point == 25:
                side, point = side + 1, 0
    return halves


def match_fields(mid):
    bs = bits(mid, 9)

    def f(start, n):
        return sum(bs[start + i] << i for i in range(n))
    return dict(dice_owner=f(6, 1), turn=f(11, 1), doubled=f(12, 1),
                dice=(f(15, 3), f(18, 3)))


def state():
    pid, mid, board = gnubg.positionid(), gnubg.matchid(), gnubg.board()
    assert decode_position_id(pid) == [list(board[0]), list(board[1])], pid
    return dict(pid=pid, mid=mid, m=match_fields(mid),
                board=[list(board[0]), list(board[1])])


def play(board, move):
    """The record's move on the pre-move board (mover = board[1], points 1..24,
    25 the bar, 0 off, in the mover's numbering); the opponent's checker on the
    landing point goes to its bar. Returns the board as gnubg keeps it after the
    move: the opponent (now on roll) in [1], the mover in [0]."""
    opp, me = list(board[0]), list(board[1])
    for frm, to in move:
        assert me[frm - 1] > 0, (board, move)
        me[frm - 1] -= 1
        if to > 0:
            me[to - 1] += 1
            if opp[24 - to] > 0:          # the opponent's point 25 - to
                assert opp[24 - to] == 1, (board, move)
                opp[24 - to] = 0
                opp[24] += 1
    return [me, opp]


def load(path, source):
    C('set variation standard')
    if source == 'mat':
        C('set jacoby %s' % JACOBY.get(os.path.basename(path), 'on'))
        C('import mat %s' % path)
    else:
        C('load match %s' % path)
    try:
        return gnubg.match(0, 1, 0, 0)
    except Exception as e:
        print('gnubg.match() failed: %s; walking records without the dict' % e)
        return None


def rows_with_dict(name, match):
    out = []
    for gi, g in enumerate(match['games']):
        if gi == 0:
            gnubg.navigate()
            gnubg.navigate(game=0)   # fills in the first roll, as navigate(game=1) does
        else:
            assert gnubg.navigate(game=1) is not None
        n = 0
        for ri, r in enumerate(g['game']):
            pre = state()
            assert gnubg.navigate(next=1) is None, (name, gi, ri)
            if r['action'] != 'move':
                continue
            post = state()
            n += 1
            mover = PLAYER[r['player']]
            m = pre['m']
            assert r['board'] == pre['pid'], (name, gi, ri, r['board'], pre['pid'])
            assert (m['dice_owner'], m['turn'], m['doubled']) == (mover, mover, 0), (name, gi, ri, m)
            assert sorted(m['dice']) == sorted(r['dice']), (name, gi, ri, m, r['dice'])
            assert play(pre['board'], r['move']) == post['board'], (name, gi, ri, r)
            out.append([name, gi + 1, n, ri, mover, r['dice'][0], r['dice'][1],
                        pre['pid'], pre['mid']])
            DANCES[0] += not r['move']
    return out


def rows_by_navigation(name):
    """x04: a move is a record after which the other player holds the dice."""
    out, n, ri = [], 0, 0
    gnubg.navigate()
    gnubg.navigate(game=0)
    pre = state()
    while gnubg.navigate(next=1) is None:
        post = state()
        if post['m']['dice_owner'] != pre['m']['dice_owner']:
            n += 1
            m = pre['m']
            assert m['turn'] == m['dice_owner'] and m['dice'][0] > 0, (name, ri, m)
            out.append([name, 1, n, ri, m['dice_owner'], m['dice'][0], m['dice'][1],
                        pre['pid'], pre['mid']])
            DANCES[0] += post['board'] == pre['board'][::-1]
        pre, ri = post, ri + 1
    return out


def main():
    jobs = []
    for sgf in sorted(glob.glob(os.path.join(CORPUS, '*.sgf'))):
        jobs.append((sgf, 'sgf'))
        mat = sgf[:-4] + '.mat'
        if os.path.exists(mat):
            jobs.append((mat, 'mat'))
    jobs += [(x, 'sgf') for x in sorted(glob.glob(os.path.join(CORPUS, 'extras', '*.sgf')))]
    rows = [COLS]
    for path, source in jobs:
        name = os.path.relpath(path, CORPUS)
        match = load(path, source)
        DANCES[0] = 0
        got = rows_with_dict(name, match) if match is not None else rows_by_navigation(name)
        print('### %s (%s): %d moves, %d of them with no move' % (name, source, len(got), DANCES[0]),
              flush=True)
        rows += got
    os.makedirs(OUT, exist_ok=True)
    fn = os.path.join(OUT, 'before-moves.tsv')
    with open(fn, 'w') as fh:
        for r in rows:
            fh.write('\t'.join(str(x) for x in r) + '\n')
    print('wrote %s: %d rows' % (fn, len(rows) - 1), flush=True)


main()
