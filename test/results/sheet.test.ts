// The results file as bgaudit reads it (src/results/sheet.ts): header names matched loosely,
// the required columns, the other columns kept, each row's line, and what it refuses.
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvCell } from '../../src/report/csv.js';
import { unguard } from '../../src/results/rows.js';
import { parseSheet, SheetError } from '../../src/results/sheet.js';
import { AliasesError, parseAliases } from '../../src/results/aliases.js';

describe('parseSheet', () => {
  it('matches header names without regard to case, spaces or _, keeps the other columns, and counts lines', () => {
    const text =
      '\uFEFFRound,PLAYER 1,player_2,Winner,Score 1,SCORE_2,length,Date,Note\r\n' +
      '1,Anna,Bert,1,7,4,7,2023.10.18,\r\n' +
      '\r\n' +
      '2,Carl,Dora,Dora,,,,,"two\nlines"\r\n' +
      '3,Eve,Finn,2,0,5,5,,x\r\n';
    expect(parseSheet(text, 'r.csv')).toEqual([
      {
        line: 2,
        players: ['Anna', 'Bert'],
        winner: { side: 0 },
        score: [7, 4],
        length: 7,
        date: '2023.10.18',
        other: [['Round', '1']],
      },
      {
        line: 4,
        players: ['Carl', 'Dora'],
        winner: { name: 'Dora' },
        score: null,
        length: null,
        date: null,
        other: [
          ['Round', '2'],
          ['Note', 'two\nlines'],
        ],
      },
      {
        line: 6,
        players: ['Eve', 'Finn'],
        winner: { side: 1 },
        score: [0, 5],
        length: 5,
        date: null,
        other: [
          ['Round', '3'],
          ['Note', 'x'],
        ],
      },
    ]);
  });

  it.each([
    ['player1,player2\nA,B\n', 'no winner column'],
    ['player1,winner\nA,A\n', 'no player2 column'],
    ['round,table\n', 'no player1, player2, winner column'],
    ['', 'no header row'],
    ['player1,player2,winner\nA,,A\n', 'line 2: a row needs player1, player2 and winner'],
    ['player1,player2,winner,score1,score2\nA,B,A,7,\n', 'line 2: score1 and score2 are given together'],
    ['player1,player2,winner,length\n\nA,B,A,seven\n', 'line 3: length "seven" is not a whole number'],
    // Read on, the rest of the file would be one cell: its rows lost without a word.
    ['player1,player2,winner\nA,B,1\n"C,D,2\nE,F,1\n', 'line 3: a quote (") opens a cell and is never closed'],
  ])('refuses %j: %s', (text, message) => {
    expect(() => parseSheet(text, 'r.csv')).toThrow(SheetError);
    expect(() => parseSheet(text, 'r.csv')).toThrow(message);
  });
});

describe('parseAliases', () => {
  it('refuses an alias given two names, naming the file and its rows', () => {
    const text = 'alias,name\nbob,Bob\nBOB,Robert\n';
    expect(() => parseAliases(text, 'a.csv')).toThrow(
      '--aliases a.csv: rows 2 and 3 give "BOB" two names, "Bob" and "Robert": an alias is one player',
    );
  });

  it('refuses a quote never closed, naming its row, rather than read the rest of the list as one name', () => {
    const text = 'alias,name\nbob,Bob\n"rob,Bob\nx,y\n';
    expect(() => parseAliases(text, 'a.csv')).toThrow(AliasesError);
    expect(() => parseAliases(text, 'a.csv')).toThrow('row 3: a quote (") opens a cell and is never closed');
  });
});

describe('a cell read back from bgaudit’s own CSV', () => {
  it.each(["'=Bob", "''-x.mat", '=Bob', '-x.mat', "'plain", 'plain', "'", "'@"])(
    '%j comes back as it was written',
    (name) => {
      const [[cell]] = Papa.parse<string[]>(csvCell(name)).data as [[string]];
      expect(unguard(cell)).toBe(name);
    },
  );
});
