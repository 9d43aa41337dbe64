// A match's summary takes each header field from the first header of its key, in any case, and
// the event's date and time before the plain ones, as written (an empty value included).
import { describe, expect, it } from 'vitest';
import { auditFile } from '../../src/read/file.js';
import { fileAudit } from '../../src/read/attach.js';
import { fixtureText } from '../helpers.js';

/** The crawford-double fixture's match with `headers` written before it. */
function summaryWith(headers: string[]) {
  const text = headers.map((h) => `; ${h}\n`).join('') + fixtureText('scoring', 'crawford-double.mat');
  const [report] = auditFile(new TextEncoder().encode(text), 'x.mat', fileAudit({ matchSummary: true }));
  if (report === undefined || report.match === null) throw new Error('no match read');
  return report.summary;
}

describe('the summary of a match: its headers', () => {
  it.each([
    ['the first of two headers of one key', ['[Site "A"]', '[site "B"]'], { site: 'A' }],
    ['a key in any case', ['[SITE "Galaxy"]', '[event "Open"]'], { site: 'Galaxy', event: 'Open' }],
    [
      'EventDate before Date, whichever comes first',
      ['[Date "2023.01.01"]', '[EVENTDATE "2023.10.18"]'],
      { date: '2023.10.18' },
    ],
    ['Date when there is no EventDate', ['[Date "2023.01.01"]'], { date: '2023.01.01' }],
    ['EventTime as written, empty too, before Time', ['[Time "21.03"]', '[EventTime ""]'], { time: '' }],
    ['Time when there is no EventTime', ['[Time "21.03"]'], { time: '21.03' }],
    ['no header: null', [], { site: null, event: null, date: null, time: null, round: null, matchId: null }],
  ])('%s', (_, headers, expected) => {
    expect(summaryWith(headers)).toMatchObject(expected);
  });

  it('the ratings from the Elo headers', () => {
    expect(summaryWith(['[Player 1 Elo "1650"]', '[player 2 elo "1580.5"]'])?.ratings).toEqual(['1650', '1580.5']);
  });
});
