// The standings page as text: hostile names reach it escaped everywhere they appear (the table,
// the pairs, the charts' captions and labels), nothing can leave the page, and past CHARTED
// players the charts stop and the page says so. test/browser/players-page.test.ts opens it.
import { describe, expect, it } from 'vitest';
import { CHARTED, ratingChart, standingsHtml, standingsHtmlParts } from '../../src/standings/html.js';
import { Standings, type MatchFacts } from '../../src/standings/standings.js';

const match = (over: Partial<MatchFacts>): MatchFacts => ({
  file: 'a.mat',
  match: 1,
  players: ['Anna', 'Boris'],
  length: 5,
  date: '',
  time: '',
  winner: 0,
  ending: 'played-out',
  errors: 0,
  duplicateOf: '',
  ...over,
});

const RUN = { version: 'test', paths: ['in/'], ratingStart: 1500 };
const HOSTILE = [
  `"><img src=x onerror=alert(1)><script>alert(2)</script>`,
  '</script><svg onload=alert(3)>\u001b[2J',
  'Evil\u202eKnievel',
  "O'Brien & <b>co</b>\u0007",
];

function page(names: string[], shown = { byLength: true, headToHead: true }, historyOf = CHARTED): string {
  const s = new Standings();
  s.file();
  names.forEach((name, k) =>
    s.match(match({ match: k + 1, players: [name, names[(k + 1) % names.length]], winner: 0 })),
  );
  return standingsHtml(s.result(historyOf), RUN, shown);
}

describe('the standings page', () => {
  it('comes in pieces of a bounded size however many players and pairs it lists', () => {
    const s = new Standings();
    s.file();
    // 30,000 players in 15,000 pairs, each pair one match: a row each (a page of a million is
    // past what one string can hold).
    for (let k = 0; k < 15_000; k++) s.match(match({ match: k + 1, players: [`p${2 * k}`, `p${2 * k + 1}`] }));
    const parts = [...standingsHtmlParts(s.result(CHARTED), RUN, { byLength: true, headToHead: true })];
    expect(parts.length).toBeGreaterThan(45_000);
    expect(parts.reduce((most, p) => Math.max(most, p.length), 0)).toBeLessThan(200_000);
    const whole = parts.join('');
    expect(whole.match(/<tr data-rank=/g)).toHaveLength(30_000);
    expect(whole.endsWith('</html>\n')).toBe(true);
  });

  it('escapes hostile names everywhere: no markup, no raw control character, no script but its own', () => {
    const html = page(HOSTILE);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<svg onload');
    expect(html).not.toContain('<b>co');
    expect(html).not.toMatch(/<script>alert/);
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    // The characters that must not reach the page raw.
    expect(html).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f\u202a-\u202e]/);
    expect(html).toContain('Evil\\u202eKnievel');
    expect(html).toContain('\\x1b[2J');
    // Each name is in the table, the pairs, a chart's caption and its label.
    expect(html.split('Evil\\u202eKnievel').length - 1).toBeGreaterThanOrEqual(4);
    expect(html).toContain('&lt;/script&gt;&lt;svg onload=alert(3)&gt;');
    expect(html).toContain('<table id="pairs">');
  });

  it('asks for nothing outside itself', () => {
    const html = page(['Anna', 'Boris', 'Cleo']);
    expect(html).toContain(
      `content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:"`,
    );
    expect(html).not.toMatch(/\b(src|href)=/);
    expect(html).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
  });

  it('opens sorted by rating, the rating column marked so', () => {
    const html = page(['Anna', 'Boris', 'Cleo']);
    expect(html).toContain('<th scope="col" class="num" aria-sort="descending">Rating</th>');
    const ratings = [
      ...html.matchAll(
        /<tr data-rank="\d+"><td class="num" data-v="\d+">\d+<\/td><td>[^<]*<\/td><td class="num" data-v="([^"]*)"/g,
      ),
    ].map((m) => Number(m[1]));
    expect(ratings).toHaveLength(3);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });

  it(`draws at most ${CHARTED} charts, and says how many are not drawn`, () => {
    const many = Array.from({ length: CHARTED + 6 }, (_, k) => `P${k}`);
    const html = page(many);
    expect(html.match(/<figure>/g)).toHaveLength(CHARTED);
    expect(html).toContain(`Drawn for the ${CHARTED} best rated of ${CHARTED + 6} rated players`);
    const few = page(['Anna', 'Boris']);
    expect(few.match(/<figure>/g)).toHaveLength(2);
    expect(few).not.toContain('Drawn for the');
  });

  it('a chart is a line through the start and each rating after it, within its box', () => {
    const svg = ratingChart('Anna', [1500, 1522.36, 1510, 1540], 1500);
    const points = /points="([^"]+)"/.exec(svg)?.[1].split(' ') ?? [];
    expect(points).toHaveLength(4);
    for (const p of points) {
      const [x, y] = p.split(',').map(Number);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(240);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(96);
    }
    // The highest rating is highest on the page (the least y).
    const ys = points.map((p) => Number(p.split(',')[1]));
    expect(Math.min(...ys)).toBe(ys[3]);
    expect(svg).toContain('over 3 matches');
  });
});
