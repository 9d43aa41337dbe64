// Numbers past what the rules can mean: a 10,000-digit length or score, a 25-digit
// 'Wins', a cube doubled 1,100 times. Each is a finding that quotes the record's own digits; the
// quantity is unknown from there; no report, in any format, holds Infinity, NaN or a rounded
// number, and no ID is built from a value it cannot hold.
import { describe, expect, it } from 'vitest';
import { quoteDigits, wholeNumber } from '../grammars/numbers.js';
import { auditFile } from '../src/read/file.js';
import { startPosition } from '../src/engine/board.js';
import { decodeMatchId, matchId, matchIdFits, type MatchIdState, xgid } from '../src/engine/ids.js';
import { MAX_CUBE, MAX_POINTS } from '../src/core/limits.js';
import type { Finding, MatchReport } from '../src/core/model.js';
import { renderFile } from '../src/report/render.js';

const BIG = '1' + '0'.repeat(9999); // 10,000 digits
const BIG_QUOTED = '1000000000…000000 (10,000 digits)';

/** A 7-point match of one game: Boris opens, Anna rolls, Boris doubles, Anna drops. */
function mat(
  o: { length?: string; game?: string; score?: string; double?: string; end?: string; header?: string } = {},
): string {
  const end = o.end ?? '  3)  Drops                       Wins 1 point';
  return [
    ...(o.header ? [o.header] : []),
    ` ${o.length ?? '7'} point match`,
    '',
    ` Game ${o.game ?? '1'}`,
    ` Anna : ${o.score ?? '0'}                       Boris : 0`,
    '  1)                             41: 13/9 24/23',
    `  2) 65: 24/18 18/13              Doubles => ${o.double ?? '2'}`,
    end,
    '',
  ].join('\n');
}

/** One SGF game: Black opens, White doubles, Black drops (White wins 1). */
function sgf(o: { mi?: string; re?: string; cv?: string; body?: string } = {}): string {
  const mi = o.mi ?? '[length:7][game:0][ws:0][bs:0]';
  const body = o.body ?? ';B[41lpab];W[double];B[drop]';
  return `(;FF[4]GM[6]AP[GNU Backgammon:1.07.001]MI${mi}PW[Anna]PB[Boris]RE[${o.re ?? 'W+1'}]${o.cv ? `CV[${o.cv}]` : ''}\n${body})\n`;
}

/** 1,100 doubles, each taken, the k-th written `Doubles => 2^k` (the cube's true value), then a drop. */
function matDoubledAway(): string {
  const lines: string[] = [];
  for (let k = 1; k <= 1100; k++) {
    const value = (2n ** BigInt(k)).toString();
    if (k % 2 === 1) lines.push(`      Doubles => ${value}`.padEnd(34) + '  Takes');
    else lines.push(`${' '.repeat(34)}Doubles => ${value}`, '      Takes');
  }
  return [
    ' 0 point match',
    '',
    ' Game 1',
    ' Anna : 0                       Boris : 0',
    ...lines,
    '      Doubles => 2                Drops',
    '      Wins 1 point',
    '',
  ].join('\n');
}

function sgfDoubledAway(): string {
  let body = '';
  for (let k = 0; k < 1100; k++) body += k % 2 === 0 ? ';W[double];B[take]' : ';B[double];W[take]';
  return sgf({ mi: '[length:0][game:0][ws:0][bs:0]', body: body.slice(1) + ';W[double];B[drop]' });
}

const encode = (text: string) => new TextEncoder().encode(text);

/** Every number anywhere in a report: each must be a whole number a JavaScript number holds exactly. */
function numbersIn(value: unknown, out: number[] = []): number[] {
  if (typeof value === 'number') out.push(value);
  else if (Array.isArray(value)) for (const v of value) numbersIn(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) numbersIn(v, out);
  return out;
}

/** Audits the text, renders it in every format, and checks what holds for every input here. */
function audit(name: string, text: string): { reports: MatchReport[]; findings: Finding[]; text: string } {
  const reports = auditFile(encode(text), name);
  expect(numbersIn(reports).filter((n) => !Number.isSafeInteger(n))).toEqual([]);
  const rendered = renderFile(reports, { formats: ['text', 'json', 'csv'], showInfo: true });
  for (const out of [rendered.out.text!, rendered.out.json!, rendered.out.csv!]) {
    expect(out).not.toMatch(/Infinity|NaN|undefined|e\+\d/);
  }
  // JSON writes Infinity and NaN as null and drops undefined: what comes back must be the report.
  expect(rendered.out.json!.split('\n').map((line) => JSON.parse(line))).toEqual(JSON.parse(JSON.stringify(reports)));
  expect(rendered.out.json!.split('\n').map((line) => JSON.parse(line))).toEqual(reports);
  expect(rendered.out.csv!.trimEnd().split('\r\n')).toHaveLength(reports.reduce((n, r) => n + r.games.length, 0));
  for (const g of reports.flatMap((r) => r.games)) {
    if (!g.final) continue;
    expect(`${g.final.positionId} ${g.final.matchId} ${g.final.xgid}`).not.toMatch(/NaN|Infinity|undefined|null/);
    const state = decodeMatchId(g.final.matchId);
    const report = reports.find((r) => r.games.some((x) => x === g))!;
    expect(state.length).toBe(report.length);
    expect(state.cubeValue).toBe(g.cube!.value);
  }
  return { reports, findings: reports.flatMap((r) => r.findings), text: rendered.out.text! };
}

const errorsOf = (findings: Finding[]) => findings.filter((f) => f.severity === 'error').map((f) => f.code);

describe('numbers past what the rules can mean', () => {
  it.each([
    [
      '10,000-digit match length (.mat)',
      'length.mat',
      mat({ length: BIG }),
      `the match length ${BIG_QUOTED} is larger than any match can be`,
    ],
    [
      '10,000-digit score (.mat)',
      'score.mat',
      mat({ score: BIG }),
      `Anna's score ${BIG_QUOTED} is larger than any score can be`,
    ],
    [
      '25-digit Wins (.mat)',
      'wins.mat',
      mat({ end: '  3)  Drops                       Wins 1234567890123456789012345 points' }),
      "'Wins 1234567890123456789012345 points' is more than any game can be worth",
    ],
    [
      '10,000-digit Losses (.mat)',
      'losses.mat',
      mat({ end: `  3)  Losses ${BIG} points` }),
      `'Losses ${BIG_QUOTED} points' is more than any game can be worth`,
    ],
    [
      '10,000-digit game number (.mat)',
      'game.mat',
      mat({ game: BIG }),
      `'Game ${BIG_QUOTED}' is larger than any game number can be (at most 2147483647); read as game 1`,
    ],
    [
      'huge SGF MI length',
      'length.sgf',
      sgf({ mi: `[length:${BIG}][game:0][ws:0][bs:0]` }),
      `MI length:${BIG_QUOTED} is larger than any match can be`,
    ],
    [
      'huge SGF MI score',
      'ws.sgf',
      sgf({ mi: `[length:7][game:0][ws:${BIG}][bs:0]` }),
      `MI ws:${BIG_QUOTED} is larger than any score can be`,
    ],
    [
      'huge SGF MI game',
      'game.sgf',
      sgf({ mi: `[length:7][game:${BIG}][ws:0][bs:0]` }),
      `MI game:${BIG_QUOTED} is larger than any game number can be`,
    ],
    [
      'huge SGF RE[W+N]',
      're.sgf',
      sgf({ re: `W+${BIG}` }),
      `the result W+${BIG_QUOTED} gives more points than any game can be worth`,
    ],
    [
      'huge SGF CV',
      'cv.sgf',
      sgf({ mi: '[length:0][game:0][ws:0][bs:0]', cv: BIG }),
      `the cube value ${BIG_QUOTED} in CV is larger than any cube can be (at most ${MAX_CUBE})`,
    ],
    [
      'huge SGF resign',
      'resign.sgf',
      sgf({ re: 'W+1R', body: `;B[41lpab];B[resign:${BIG}];W[accept]` }),
      `'resign:${BIG_QUOTED}' is more points than any game can be worth`,
    ],
    [
      'a .mat cube doubled 1,100 times',
      'doubled.mat',
      matDoubledAway(),
      'Anna doubles the cube to 8192, larger than any cube can be (at most 4096)',
    ],
    [
      'an SGF cube doubled 1,100 times',
      'doubled.sgf',
      sgfDoubledAway(),
      'Anna doubles the cube to 8192, larger than any cube can be (at most 4096)',
    ],
  ])(
    '%s: one finding that quotes the digits, nothing else wrong, no Infinity anywhere',
    (_name, file, text, message) => {
      const { findings, text: out } = audit(file, text);
      const found = findings.filter((f) => f.code === 'number-out-of-range');
      expect(found).toHaveLength(1);
      expect(found[0]).toMatchObject({ severity: 'error', line: expect.any(Number) });
      expect(found[0].message).toContain(message);
      expect(out).toContain(message);
      expect(errorsOf(findings)).toEqual(['number-out-of-range']);
    },
  );

  it('a match of unknown length: nothing credited, no Crawford, no match end, no IDs; the games still scored', () => {
    const { reports } = audit('length.mat', mat({ length: BIG }));
    expect(reports[0].length).toBeNull();
    expect(reports[0].games[0]).toMatchObject({
      crawford: null,
      postCrawford: null,
      winner: 1,
      points: { recorded: 1, nominal: 1, credited: null },
      final: null,
    });
  });

  it('a score out of range leaves the start score unknown, not zero', () => {
    const { reports } = audit('score.mat', mat({ score: BIG }));
    expect(reports[0].games[0].startScore.recorded).toBeNull();
    expect(reports[0].players).toEqual(['Anna', 'Boris']);
  });

  it("'Wins' out of range: the points are unknown, the game is still scored from the board", () => {
    const { reports } = audit(
      'wins.mat',
      mat({ end: '  3)  Drops                       Wins 1234567890123456789012345 points' }),
    );
    expect(reports[0].games[0].points).toEqual({ recorded: null, nominal: 1, credited: 1 });
  });

  it('a cube past 4096 is unknown from the take on: no cube, no nominal points, the record credited, no IDs', () => {
    for (const [file, text] of [
      ['doubled.mat', matDoubledAway()],
      ['doubled.sgf', sgfDoubledAway()],
    ]) {
      const { reports } = audit(file, text);
      const g = reports[0].games[0];
      expect(g).toMatchObject({
        cube: null,
        doubles: 1101,
        termination: 'drop',
        points: { recorded: 1, nominal: null, credited: 1 },
        final: null,
      });
    }
  });

  it('a double to 8192 that is dropped scores the 4096-cube: known, and its IDs written', () => {
    // 12 doubles, each taken (Anna's written beside Boris's take, Boris's on a line of its own), then Boris drops 8192.
    const session = [
      ' 0 point match',
      '',
      ' Game 1',
      ' Anna : 0                       Boris : 0',
      ...Array.from({ length: 12 }, (_, k) =>
        k % 2 === 0
          ? [`      Doubles => ${2 ** (k + 1)}`.padEnd(34) + '  Takes']
          : [`${' '.repeat(34)}Doubles => ${2 ** (k + 1)}`, '      Takes'],
      ).flat(),
      '      Doubles => 8192              Drops',
      '      Wins 4096 points',
      '',
    ].join('\n');
    const { reports, findings } = audit('dropped.mat', session);
    expect(findings.filter((f) => f.code === 'number-out-of-range')).toHaveLength(1);
    expect(reports[0].games[0]).toMatchObject({
      cube: { value: 4096 },
      points: { recorded: 4096, nominal: 4096, credited: 4096 },
    });
    expect(reports[0].games[0].final).not.toBeNull();
  });

  it("a 20-digit 'Doubles =>' is a cube-value error that quotes all 20 digits; `recorded` is left out, not rounded", () => {
    const { findings } = audit('doubles.mat', mat({ double: '12345678901234567890' }));
    const f = findings.find((x) => x.code === 'cube-value')!;
    expect(f.message).toBe("the record writes '=> 12345678901234567890', but doubling a 1-cube makes 2");
    expect(f).not.toHaveProperty('recorded');
    expect(f.expected).toBe(2);
  });

  it('a length written with 10,000 leading zeros is just 7', () => {
    const { reports, findings } = audit('zeros.mat', mat({ length: '0'.repeat(9999) + '7' }));
    expect(reports[0].length).toBe(7);
    expect(findings.map((f) => f.code)).toEqual(['match-unfinished']);
  });

  it('a [CubeLimit] too long to hold is a finding, and no limit is applied', () => {
    const { reports, findings } = audit('limit.mat', mat({ header: `; [CubeLimit "${BIG}"]` }));
    expect(reports[0].rules!.cubeLimit).toBeNull();
    expect(findings.find((f) => f.code === 'number-out-of-range')!.message).toContain(
      `the cube limit ${BIG_QUOTED} in [CubeLimit]`,
    );
  });

  it('a money session whose running score passes what a Match ID holds: no IDs, and an info finding says why', () => {
    const { reports, findings } = audit('score.sgf', sgf({ mi: `[length:0][game:3][ws:${MAX_POINTS}][bs:0]` }));
    expect(reports[0].games[0].final).toBeNull();
    expect(findings).toEqual([
      expect.objectContaining({
        code: 'number-out-of-range',
        severity: 'info',
        message: expect.stringContaining('the score 32768-0 is more than a Match ID holds'),
      }),
    ]);
  });
});

describe('reading digits', () => {
  it.each([
    ['7', 7],
    ['007', 7],
    ['0'.repeat(10000), 0],
    ['0'.repeat(9999) + '5', 5],
    ['999999999999999', 999999999999999],
    [String(Number.MAX_SAFE_INTEGER), Number.MAX_SAFE_INTEGER],
    ['9007199254740992', '9007199254740992'],
    ['12345678901234567890', '12345678901234567890'],
    [BIG, BIG_QUOTED],
  ])('%s → %s: exact, or the digits quoted', (digits, expected) => {
    expect(wholeNumber(digits)).toBe(expected);
  });

  it('quotes up to 32 digits whole, longer ones by their ends and their count', () => {
    expect(quoteDigits('1'.repeat(32))).toBe('1'.repeat(32));
    expect(quoteDigits('1234567890' + '0'.repeat(30) + '987654')).toBe('1234567890…987654 (46 digits)');
  });
});

describe('IDs are never built from values they cannot hold', () => {
  const state = (o: Partial<MatchIdState>): MatchIdState => ({
    cubeValue: 1,
    cubeOwner: -1,
    onRoll: 0,
    crawford: false,
    gameState: 1,
    turn: 0,
    doubled: false,
    resigned: 0,
    dice: [0, 0],
    length: 7,
    score: [0, 0],
    jacoby: false,
    ...o,
  });

  it.each([
    ['length 32768', { length: 32768 }],
    ['score 40000', { score: [40000, 0] as [number, number] }],
    ['cube 65536', { cubeValue: 65536 }],
    ['cube 3', { cubeValue: 3 }],
    ['length Infinity', { length: Infinity }],
    ['score NaN', { score: [NaN, 0] as [number, number] }],
  ])('the Match ID refuses a %s (it used to cut it to its bits)', (_name, o) => {
    expect(matchIdFits(state(o))).toBe(false);
    expect(() => matchId(state(o))).toThrow(RangeError);
  });

  it('the largest values the bounds allow fit, and decode back', () => {
    const s = state({ length: MAX_POINTS, score: [MAX_POINTS, MAX_POINTS], cubeValue: 2 ** 15 });
    expect(matchIdFits(s)).toBe(true);
    expect(decodeMatchId(matchId(s))).toMatchObject({
      length: MAX_POINTS,
      score: [MAX_POINTS, MAX_POINTS],
      cubeValue: 2 ** 15,
    });
  });

  it("an XGID's cube limit is raised to the cube's own when the cube is above it", () => {
    const x = {
      cubeOwner: -1 as const,
      turn: 0 as const,
      dice: null,
      doubled: false,
      score: [0, 0] as [number, number],
      crawford: false,
      jacoby: false,
      beavers: false,
      length: 0,
      maxCubeLog2: 10,
    };
    expect(
      xgid(startPosition(), { ...x, cubeValue: 1024 })
        .split(':')
        .slice(-1)[0],
    ).toBe('10');
    expect(
      xgid(startPosition(), { ...x, cubeValue: 4096 })
        .split(':')
        .slice(-1)[0],
    ).toBe('12');
  });
});
