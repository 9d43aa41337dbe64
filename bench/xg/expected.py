"""The oracle for bgaudit's .xg reader: xgdatatools' decoding of each .xg file given.

Run with the path of xgdatatools' Python folder (Insti/xgdatatools, LGPL; never copied here):

    python3 bench/xg/expected.py /path/to/xgdatatools/Python corpus/xg/*.xg > fixtures/xg/xgdatatools.json

For every game: its number, the start score, the winner (0: XG's player 1, 1: player 2), the
points its footer records and its termination, and the number of move records of each player
(the rolls, a roll not played included). test/import/xg-oracle.test.ts compares bgaudit's
reading of the same files with it.
"""
import json
import os
import sys


def decode(path, xgimport, xgstruct):
    games = []
    match = None
    version = -1
    for segment in xgimport.Import(path).getfilesegment():
        if segment.type != xgimport.Import.Segment.XG_GAMEFILE:
            continue
        segment.fd.seek(0)
        game = None
        while True:
            rec = xgstruct.GameFileRecord(version=version).fromstream(segment.fd)
            if rec is None:
                break
            if isinstance(rec, xgstruct.HeaderMatchEntry):
                version = rec.Version
                name = lambda b: b.decode('utf-8') if isinstance(b, bytes) else b
                match = {'players': [name(rec.Player1), name(rec.Player2)], 'length': rec.MatchLength}
            elif isinstance(rec, xgstruct.HeaderGameEntry):
                game = {'game': rec.GameNumber, 'startScore': [rec.Score1, rec.Score2], 'rolls': [0, 0]}
                games.append(game)
            elif isinstance(rec, xgstruct.MoveEntry) and game is not None:
                game['rolls'][0 if rec.ActiveP == 1 else 1] += 1
            elif isinstance(rec, xgstruct.FooterGameEntry) and game is not None:
                game['winner'] = 0 if rec.Winner == 1 else 1
                game['points'] = rec.PointsWon
                game['termination'] = rec.Termination
                game = None
    return {'match': match, 'games': games}


def main():
    sys.path.insert(0, sys.argv[1])
    import xgimport
    import xgstruct
    files = sorted(sys.argv[2:], key=os.path.basename)
    one = lambda v: json.dumps(v, ensure_ascii=False)
    # One game a line: the file reads as a table, and a change shows as the games it touches.
    entries = []
    for p in files:
        d = decode(p, xgimport, xgstruct)
        games = ',\n'.join('   ' + one(g) for g in d['games'])
        entries.append(f' {one(os.path.basename(p))}: {{\n  "match": {one(d["match"])},\n  "games": [\n{games}\n  ]\n }}')
    sys.stdout.write('{\n' + ',\n'.join(entries) + '\n}\n')


if __name__ == '__main__':
    main()
