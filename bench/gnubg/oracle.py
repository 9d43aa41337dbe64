# Oracle data from GNU Backgammon 1.07.001 for bgaudit.
#
# Run from the repository root (see bench/gnubg/README.md):
#   HOME=$(mktemp -d) /usr/games/gnubg -t -q -r -p bench/gnubg/oracle.py
#
# Environment: CORPUS (default corpus/gnubg-generated),
#              OUT    (default fixtures/gnubg, relative to the current dir).
#
# Everything written comes from gnubg's own state: gnubg.match() (record list,
# game info), gnubg.navigate() (step through the records), gnubg.board(),
# gnubg.positionid(), gnubg.matchid().  The only local logic is decoding the
# Match ID bit fields (documented format) and re-orienting the two board
# halves to player 0 / player 1; both are cross-checked against gnubg.
import base64
import glob
import os

import gnubg

CORPUS = os.environ.get('CORPUS', 'corpus/gnubg-generated')
OUT = os.environ.get('OUT', 'fixtures/gnubg')
C = gnubg.command
PLAYER = {'X': 0, 'O': 1}   # gnubg.match() calls player 0 'X' and player 1 'O'
CHECKERS = {'Standard': 15, 'Nackgammon': 15, 'Hypergammon1': 1,
            'Hypergammon2': 2, 'Hypergammon3': 3}
# matches for positions.tsv: cube turned/owned, gammons, Crawford and
# post-Crawford games, nackgammon, a money session
POSITION_FILES = ['m04_len3_auto.sgf', 'm08_len5_auto.sgf', 'm13_len7_auto.sgf',
                  'm16_len11_auto.sgf', 'm19_len7_nackgammon.sgf', 's01_money_jacoby.sgf']
# `import mat` takes Jacoby from gnubg's own setting, not from the file
JACOBY = {'s01_money_jacoby.mat': 'on', 's02_money_autodouble_beaver_resign.mat': 'off'}
GAME_STATE = {0: 'none', 1: 'unfinished', 2: 'bearoff', 3: 'resign', 4: 'drop'}


def bits(b64, nbytes):
    raw = base64.b64decode(b64 + '=' * (-len(b64) % 4))[:nbytes]
    return [(byte >> k) & 1 for byte in raw for k in range(8)]


def decode_position_id(pid):
    """The two 25-int halves in key order (first half = gnubg's anBoard[0])."""
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


def decode_match_id(mid):
    """Fields of the 66-bit match key (gnubg manual, 'Match ID')."""
    bs = bits(mid, 9)

    def f(start, n):
        return sum(bs[start + i] << i for i in range(n))
    owner = f(4, 2)
    return dict(cube=1 << f(0, 4), owner=-1 if owner == 3 else owner,
                dice_owner=f(6, 1), crawford=f(7, 1), state=f(8, 3),
                turn=f(11, 1), doubled=f(12, 1), resigned=f(13, 2),
                dice=(f(15, 3), f(18, 3)), length=f(21, 15),
                score=(f(36, 15), f(51, 15)))


def snap(nchk):
    """Current gnubg state, boards re-oriented to player 0 / player 1."""
    pid, mid, board = gnubg.positionid(), gnubg.matchid(), gnubg.board()
    m = decode_match_id(mid)
    assert decode_position_id(pid) == [list(board[0]), list(board[1])], pid
    assert tuple(gnubg.positionfromid(pid)) == tuple(board), pid
    pi = gnubg.posinfo()
    assert (pi['turn'], pi['dice'], pi['doubled'], pi['resigned'], pi['gamestate']) == \
        (m['turn'], m['dice'], m['doubled'], m['resigned'], m['state']), (mid, pi)
    try:   # gnubg refuses a cubeinfo once the match is over
        ci = gnubg.cubeinfo()
        if not m['length']:   # money: cubeinfo says (0, 0), the Match ID keeps the session score
            ci['score'] = m['score']
        assert (ci['cube'], ci['cubeowner'], ci['move'], ci['score'], ci['crawford'],
                ci['matchto']) == (m['cube'], m['owner'], m['dice_owner'], m['score'],
                                   m['crawford'], m['length']), (mid, ci)
    except RuntimeError:
        pass
    except Exception as e:  # gnubg raises a plain Exception('error in SetCubeInfo')
        if 'SetCubeInfo' not in str(e):
            raise
    # gnubg keeps the board of the player who holds the dice (ms.fMove) in
    # anBoard[1]; the Position ID encodes anBoard[0] first.
    on = m['dice_owner']
    side = {on: list(board[1]), 1 - on: list(board[0])}
    enc = {}
    for p in (0, 1):
        s = side[p]
        assert sum(s) <= nchk
        enc[p] = s[:24] + [s[24], nchk - sum(s)]   # own points 1..24, bar, off
    return dict(pid=pid, mid=mid, m=m, side=enc, board=board)


def board_level(state, variation):
    """gnubg's own single/gammon/backgammon verdict on a finished board.

    After the last bear-off gnubg has handed the dice to the loser, so
    gnubg.evaluate() (cubeless, from the side on roll) returns
    P(lose gammon) and P(lose backgammon) as exactly 0 or 1."""
    ci = gnubg.cubeinfo(1, -1, state['m']['dice_owner'], 0, (0, 0), 0,
                        list(CHECKERS).index(variation))
    p = gnubg.evaluate(state['board'], ci)
    assert p[0] == 0 and p[3] in (0, 1) and p[4] in (0, 1), p
    return 1 + int(p[3]) + int(p[4])


def walk(nchk):
    """Yield (game_index, game_dict, start_state, [state after each record])."""
    try:
        match = gnubg.match(0, 1, 0, 0)
    except Exception as e:
        print('gnubg.match() failed: %s; walking records without the dict' % e)
        match = None
    gnubg.navigate()
    if match is None:          # x04 (`save game`): one game, no record dict
        start, states = snap(nchk), []
        while gnubg.navigate(next=1) is None:   # returns records *not* moved
            states.append(snap(nchk))
        yield 0, None, start, states
        return
    for gi, g in enumerate(match['games']):
        if gi:
            assert gnubg.navigate(game=1) is not None
        start, states = snap(nchk), []
        for ri, r in enumerate(g['game']):
            pre = states[-1] if states else start
            if 'board' in r and r['action'] != 'set':   # pre-record position
                assert r['board'] == pre['pid'], (gi, ri, r['board'], pre['pid'])
            if r['action'] == 'move' and ri:
                assert PLAYER[r['player']] == pre['m']['dice_owner'], (gi, ri)
            assert gnubg.navigate(next=1) is None, (gi, ri)
            states.append(snap(nchk))
        yield gi, g, start, states


def b26(v):
    return ','.join(str(x) for x in v)


def load(path, source):
    C('set variation standard')
    if source == 'mat':
        C('set jacoby %s' % JACOBY.get(os.path.basename(path), 'on'))
        C('import mat %s' % path)
    else:
        C('load match %s' % path)
    try:
        return gnubg.match(0, 0, 0, 0)['match-info']['variation']
    except Exception:   # x04: gnubg.match() refuses a lone `save game' file
        return 'Standard'


FINAL_COLS = ['file', 'game', 'source', 'moves_in_game', 'final_position_id',
              'final_match_id', 'final_player_on_roll', 'cube_value', 'cube_owner',
              'winner', 'points', 'resigned_level', 'termination',
              'gammon_or_backgammon', 'final_board_side0', 'final_board_side1',
              'final_record_index', 'records_in_game', 'end_position_id', 'end_match_id',
              'score_before0', 'score_before1', 'crawford_game', 'board_result_level']
POS_COLS = ['file', 'game', 'move_index', 'player_on_roll', 'dice_0', 'dice_1',
            'board_side0', 'board_side1', 'position_id', 'match_id', 'cube_value',
            'cube_owner', 'score0', 'score1', 'match_length', 'crawford',
            'record_index', 'mover', 'game_state']
RES_COLS = ['file', 'game', 'winner', 'points', 'resigned', 'cube', 'termination',
            'score_before0', 'score_before1', 'crawford_game']


def main():
    os.makedirs(OUT, exist_ok=True)
    final, pos, res = [FINAL_COLS], [POS_COLS], [RES_COLS]
    jobs = []
    for sgf in sorted(glob.glob(os.path.join(CORPUS, '*.sgf'))):
        jobs.append((sgf, 'sgf'))
        mat = sgf[:-4] + '.mat'
        if os.path.exists(mat):
            jobs.append((mat, 'mat'))
    jobs += [(x, 'sgf') for x in sorted(glob.glob(os.path.join(CORPUS, 'extras', '*.sgf')))]

    for path, source in jobs:
        name = os.path.relpath(path, CORPUS)
        print('### %s (%s)' % (name, source), flush=True)
        variation = load(path, source)
        nchk = CHECKERS[variation]
        for gi, g, start, states in walk(nchk):
            recs = g['game'] if g else None
            if recs is not None:
                moves = [i for i, r in enumerate(recs) if r['action'] == 'move']
            else:   # no dict: a checker move (or dance) hands the dice over
                seq = [start] + states
                moves = [i for i in range(len(states))
                         if seq[i + 1]['m']['dice_owner'] != seq[i]['m']['dice_owner']]
            fin = states[moves[-1]] if moves else (states[-1] if states else start)
            if recs and moves:   # after every move, incl. the game-ending one, gnubg
                # hands the dice (and anBoard[1]) to the opponent of the mover
                assert fin['m']['dice_owner'] == 1 - PLAYER[recs[moves[-1]]['player']]
            if recs and recs[0]['action'] != 'set':
                print('start position', variation, start['pid'])
                assert variation != 'Standard' or start['pid'] == '4HPwATDgc/ABMA'
            end = states[-1] if states else start
            em = end['m']
            info = g['info'] if g else {}
            winner = PLAYER.get(info.get('winner'), -1)
            points = info.get('points-won', 0) if winner >= 0 else 0
            term = GAME_STATE[em['state']]
            resigned = 0
            if term == 'resign':
                assert info.get('resigned')
                resigned = [r for r in recs if r['action'] == 'resign'][-1]['points']
                assert resigned == em['resigned']
            level = points // em['cube'] if winner >= 0 else 0
            blevel = board_level(end, variation) if term == 'bearoff' else 0
            # score at the start of the game and the Crawford flag: gnubg's game
            # info, checked against the Match ID after the first record
            first = states[0]['m'] if states else start['m']
            sb = (info['score-X'], info['score-O']) if g else first['score']
            cg = int(bool(info.get('crawford'))) if g else first['crawford']
            assert cg == first['crawford'] and tuple(sb) == first['score'], name
            final.append([name, gi + 1, source, len(moves), fin['pid'], fin['mid'],
                          fin['m']['dice_owner'], em['cube'], em['owner'], winner, points,
                          resigned, term, level, b26(fin['side'][0]), b26(fin['side'][1]),
                          moves[-1] if moves else -1, len(states), end['pid'], end['mid'],
                          sb[0], sb[1], cg, blevel])
            if source == 'mat':
                res.append([name, gi + 1, winner, points, resigned, em['cube'], term,
                            sb[0], sb[1], cg])
            if source == 'sgf' and name in POSITION_FILES:
                for n, ri in enumerate(moves, 1):
                    s, m = states[ri], states[ri]['m']
                    pos.append([name, gi + 1, n, m['dice_owner'], m['dice'][0], m['dice'][1],
                                b26(s['side'][0]), b26(s['side'][1]), s['pid'], s['mid'],
                                m['cube'], m['owner'], m['score'][0], m['score'][1],
                                m['length'], m['crawford'], ri, PLAYER[recs[ri]['player']],
                                m['state']])
    for fn, rows in (('final-positions.tsv', final), ('positions.tsv', pos),
                     ('game-results.tsv', res)):
        with open(os.path.join(OUT, fn), 'w') as fh:
            for r in rows:
                fh.write('\t'.join(str(x) for x in r) + '\n')
        print('wrote %s: %d rows' % (fn, len(rows) - 1), flush=True)


main()
