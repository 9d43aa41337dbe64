// @ts-check
// The HTML report's script, inline in the page: filter, sort, page, and open a finding to its
// evidence. Plain ES2017, no library, no request. html-script.ts puts it in the page from its
// 'use strict' on (this header stays out), each __NAME__ replaced by the value of its constant.
//
// The findings are written inside <noscript id="rows">: without script the browser shows them
// as a table; with script it keeps them as one string (no element built, nothing laid out), and
// this script parses that string a few MB at a time into rows that are never in the document,
// and shows PAGE of them at a time. So a page of any number of findings opens at once, stays
// responsive while its rows are read, and filters and sorts detached rows, not laid-out ones.
// A file's evidence is parsed, and its boards split, the first time one of its findings is
// opened. The markup parsed is what the worker wrote (every text from a file escaped there);
// the evidence panel is built with createElement and textContent, but for the board, drawn by
// board-svg.ts (every text in it XML-escaped).
//
// Type-checked against the DOM and ES2017 by tsconfig.json here (`npx tsc -p src/report/page`,
// one of npm test's checks); the types it names are declared in page.d.ts.
'use strict';
document.addEventListener('DOMContentLoaded', function () {
  var holder = document.getElementById('rows');
  if (!holder || !document.getElementById('ft')) return;
  // The page's own elements, each checked to be what html.ts writes: a page that is not is
  // said so at once, not by whichever use of the element comes first.
  /** @template {Element} T @param {string} selector @param {{ new (): T, prototype: T }} type @param {ParentNode} [root] @returns {T} */
  function need(selector, type, root) {
    var e = (root || document).querySelector(selector);
    if (!(e instanceof type)) throw new Error('bgaudit: the page has no ' + selector);
    return e;
  }
  /** @param {Element} e @param {string} name */
  function attr(e, name) { return e.getAttribute(name) || ''; }
  var table = need('#ft', HTMLTableElement), heads = Array.from(need('thead tr', HTMLTableRowElement, table).cells);
  /** @type {Record<string, string>} */
  var CODES = JSON.parse(need('#codes', HTMLScriptElement).textContent);
  /** @type {Record<string, string>} */
  var RANK = { error: '0', warning: '1', info: '2' };
  var PAGE = __PAGE__, collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  var body = table.tBodies[0], page = 0;
  /** @type {PageFile[]} */
  var files = [];
  /** @type {Row[]} */
  var rows = [];
  /** @type {Row[]} */
  var shown = [];
  /** @type {Map<Element, Row>} */
  var byEl = new Map();
  /** @type {Record<string, Record<string, boolean>>} */
  var codeSevs = {};
  var controls = need('#controls', HTMLElement), codeSel = need('#code', HTMLSelectElement), fileBox = need('#file', HTMLInputElement);
  /** @type {HTMLInputElement[]} */
  var sevBoxes = [];
  controls.querySelectorAll('input[data-sev]').forEach(function (b) { if (b instanceof HTMLInputElement) sevBoxes.push(b); });
  var count = need('#count', HTMLElement), pager = need('#pager', HTMLElement);
  /** @type {string | null} */
  var text = holder.textContent;
  var at = text.indexOf('<tbody');

  function readSome() {
    if (at === -1 || text === null) return ready();
    var end = text.indexOf('</tbody>', at + 2000000);
    end = end === -1 ? text.lastIndexOf('</tbody>') + 8 : end + 8;
    var t = document.createElement('template');
    t.innerHTML = '<table>' + text.slice(at, end) + '</table>';
    t.content.querySelectorAll('tbody').forEach(function (tb) {
      var k = files.length;
      files.push({ ev: tb.querySelector('script[data-evidence]'), bd: tb.querySelector('script[data-boards]'), data: null, svgs: null });
      tb.querySelectorAll('tr[data-code]').forEach(function (el, i) {
        if (!(el instanceof HTMLTableRowElement)) return;
        var r = { el: el, k: k, i: i, file: attr(el, 'data-file').toLowerCase(), keys: [], open: null };
        rows.push(r);
        byEl.set(el, r);
      });
    });
    at = text.indexOf('<tbody', end);
    count.textContent = 'reading the findings\u2026 ' + rows.length.toLocaleString('en-US');
    setTimeout(readSome, 0);
  }

  // The page opens on what matters: errors first, then warnings, then info, each by file and
  // line; info unticked when there is an error or a warning to read.
  /** @param {Row} r */
  function place(r) {
    var m = /^(\d+)(?::(\d+))?$/.exec(r.el.cells[3].textContent);
    return m ? [Number(m[1]), Number(m[2] || 0)] : [0, 0];
  }
  function firstOrder() {
    var keyed = rows.map(function (r) {
      return { r: r, sev: RANK[attr(r.el, 'data-severity')] || '3', file: r.el.cells[0].textContent, at: place(r) };
    });
    keyed.sort(function (x, y) {
      return (x.sev < y.sev ? -1 : x.sev > y.sev ? 1 : 0) || collator.compare(x.file, y.file) ||
        x.at[0] - y.at[0] || x.at[1] - y.at[1]; // stable: input order last
    });
    rows = keyed.map(function (x) { return x.r; });
  }

  function ready() {
    text = null;
    /** @type {Record<string, number>} */
    var codeCount = {};
    /** @type {Record<string, number>} */
    var sevCount = {};
    rows.forEach(function (r) {
      var c = attr(r.el, 'data-code'), s = attr(r.el, 'data-severity');
      codeCount[c] = (codeCount[c] || 0) + 1;
      sevCount[s] = (sevCount[s] || 0) + 1;
      (codeSevs[c] = codeSevs[c] || {})[s] = true;
    });
    firstOrder();
    if ((sevCount.error || 0) + (sevCount.warning || 0) > 0) need('input[data-sev="info"]', HTMLInputElement, controls).checked = false;
    Object.keys(codeCount).sort().forEach(function (c) {
      var o = document.createElement('option');
      o.value = c;
      o.textContent = c + ' (' + codeCount[c].toLocaleString('en-US') + ')';
      codeSel.appendChild(o);
    });
    controls.hidden = false;
    table.hidden = false;
    apply();
  }

  /** @param {number} n */
  function fmt(n) { return n.toLocaleString('en-US'); }
  // A code picked is shown whatever its severity: its severity is ticked.
  function tickCode() {
    var sevs = codeSevs[codeSel.value] || {};
    sevBoxes.forEach(function (b) { if (sevs[attr(b, 'data-sev')]) b.checked = true; });
  }
  function apply() {
    /** @type {Record<string, boolean>} */
    var sev = {};
    sevBoxes.forEach(function (b) { sev[attr(b, 'data-sev')] = b.checked; });
    var code = codeSel.value, q = fileBox.value.trim().toLowerCase();
    shown = rows.filter(function (r) {
      var el = r.el;
      return sev[attr(el, 'data-severity')] && (code === '' || attr(el, 'data-code') === code) &&
        (q === '' || r.file.indexOf(q) !== -1);
    });
    count.textContent = shown.length === rows.length ? fmt(rows.length) + ' findings'
      : fmt(shown.length) + ' of ' + fmt(rows.length) + ' findings shown';
    show(0);
  }
  /** @param {number} p */
  function show(p) {
    var pages = Math.max(1, Math.ceil(shown.length / PAGE));
    page = Math.min(Math.max(0, p), pages - 1);
    var frag = document.createDocumentFragment();
    shown.slice(page * PAGE, (page + 1) * PAGE).forEach(function (r) {
      r.el.tabIndex = 0;
      frag.appendChild(r.el);
      if (r.open) frag.appendChild(r.open);
    });
    body.replaceChildren(frag);
    pager.hidden = pages === 1;
    need('span', HTMLSpanElement, pager).textContent = fmt(page * PAGE + 1) + '\u2013' + fmt(Math.min(shown.length, (page + 1) * PAGE)) + ' of ' + fmt(shown.length);
    need('[data-go="-1"]', HTMLButtonElement, pager).disabled = page === 0;
    need('[data-go="1"]', HTMLButtonElement, pager).disabled = page === pages - 1;
  }
  pager.addEventListener('click', function (e) {
    var b = e.target instanceof Element ? e.target.closest('button[data-go]') : null;
    if (b) { show(page + Number(attr(b, 'data-go'))); table.scrollIntoView(); }
  });
  var timer = 0;
  sevBoxes.forEach(function (b) { b.addEventListener('change', apply); });
  codeSel.addEventListener('change', function () { tickCode(); apply(); });
  fileBox.addEventListener('input', function () { clearTimeout(timer); timer = setTimeout(apply, 150); });

  var sorted = { col: -1, dir: 1 };
  /** @param {Row} r @param {number} c */
  function key(r, c) {
    if (r.keys[c] === undefined) {
      r.keys[c] = c === 4 ? RANK[attr(r.el, 'data-severity')] : r.el.cells[c].textContent;
    }
    return r.keys[c];
  }
  /** @param {number} c @param {HTMLTableCellElement} th */
  function sortBy(c, th) {
    sorted.dir = sorted.col === c ? -sorted.dir : 1;
    sorted.col = c;
    rows.sort(function (a, b) { return sorted.dir * collator.compare(key(a, c), key(b, c)); }); // stable
    heads.forEach(function (h) { h.removeAttribute('aria-sort'); });
    th.setAttribute('aria-sort', sorted.dir === 1 ? 'ascending' : 'descending');
    apply();
  }
  heads.forEach(function (th, c) {
    th.tabIndex = 0;
    th.addEventListener('click', function () { sortBy(c, th); });
    th.addEventListener('keydown', function (e) { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); sortBy(c, th); } });
  });

  /** @template {keyof HTMLElementTagNameMap} K @param {K} tag @param {string} cls @param {string} [txt] */
  function el(tag, cls, txt) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (txt !== undefined) e.textContent = txt;
    return e;
  }
  /** @param {HTMLElement} dl @param {string} name @param {string | null | undefined} value */
  function pair(dl, name, value) {
    if (value === undefined || value === null || value === '') return;
    dl.appendChild(el('dt', '', name));
    dl.appendChild(el('dd', 'mono', String(value)));
  }
  /** @param {Piece} p */
  function pieceOf(p) {
    return typeof p === 'string' ? { text: p, from: 0, total: p.length } : { text: p[0], from: p[1], total: p[2] };
  }
  /** @param {HTMLElement} box @param {number} n @param {{ text: string, from: number, total: number }} p @param {boolean} hl */
  function sourceLine(box, n, p, hl) {
    var line = el('div', hl ? 'hl' : '');
    line.appendChild(el('span', 'no', String(n)));
    line.appendChild(document.createTextNode((p.from > 0 ? '\u2026' : '') + p.text + (p.from + p.text.length < p.total ? '\u2026' : '')));
    box.appendChild(line);
  }
  /** @param {FileEvidence} data @param {Evidence} e */
  function source(data, e) {
    var l = e.l;
    if (l === undefined) return null;
    var box = el('div', 'src'), cut = [];
    for (var n = l - 3; n <= l + 3; n++) {
      var raw = n === l && e.w !== undefined ? e.w : data.lines[n];
      if (raw === undefined) continue;
      var p = pieceOf(raw);
      sourceLine(box, n, p, n === l);
      if (p.text.length < p.total) cut.push('line ' + n + ': characters ' + fmt(p.from + 1) + '\u2013' + fmt(p.from + p.text.length) + ' of ' + fmt(p.total));
      if (n === l && e.c !== undefined && e.c - 1 >= p.from && e.c - 1 <= p.from + p.text.length) {
        var caret = el('div', '');
        caret.appendChild(el('span', 'no', ''));
        caret.appendChild(el('span', 'caret', ' '.repeat(e.c - 1 - p.from + (p.from > 0 ? 1 : 0)) + '^'));
        box.appendChild(caret);
      }
    }
    if (!box.firstChild) return null;
    var wrap = el('div', '');
    wrap.appendChild(box);
    if (cut.length) wrap.appendChild(el('p', 'cut', 'Long lines cut: ' + cut.join('; ') + '.'));
    return wrap;
  }
  /** @param {PageFile} f @param {Evidence} e */
  function board(f, e) {
    var box = el('div', 'board');
    if (e.b !== undefined && e.b >= 0) {
      if (!f.svgs) f.svgs = f.bd ? f.bd.textContent.split('\n') : [];
      box.innerHTML = f.svgs[e.b] || '';
    } else box.appendChild(el('p', 'nob', e.pos ? 'Board not drawn: this file has more positions with findings than the page draws for one file (__MAX_BOARDS__); the IDs beside give the position.' : 'No position recorded for this finding.'));
    return box;
  }
  /** @param {Row} r */
  function panel(r) {
    var f = files[r.k];
    /** @type {FileEvidence} */
    var data = f.data || (f.data = f.ev ? JSON.parse(f.ev.textContent) : { lines: {}, f: [] });
    /** @type {Evidence} */
    var e = data.f[r.i] || {};
    var code = attr(r.el, 'data-code');
    var box = el('div', 'evb'), det = el('div', 'det'), dl = el('dl', '');
    box.appendChild(board(f, e));
    det.appendChild(el('p', '', r.el.cells[6].textContent));
    det.appendChild(el('p', 'rule', 'Rule (' + code + '): ' + (CODES[code] || '') + '.'));
    if (e.pos) { pair(dl, 'Recorded', e.pos.rec); if (e.pos.dice) pair(dl, 'Dice', e.pos.dice.join('-')); }
    pair(dl, 'A legal play', e.lp);
    pair(dl, 'Fix (bgaudit fix)', e.fx);
    pair(dl, 'Record says', e.rv);
    pair(dl, 'Rules say', e.ev);
    if (e.pos) { pair(dl, 'Position ID', e.pos.id); pair(dl, 'Match ID', e.pos.mid); pair(dl, 'XGID', e.pos.xgid); }
    if (dl.firstChild) det.appendChild(dl);
    var src = source(data, e);
    if (src) det.appendChild(src);
    box.appendChild(det);
    return box;
  }
  /** @param {Row} r */
  function toggle(r) {
    if (r.open) {
      r.open.remove();
      r.open = null;
      r.el.setAttribute('aria-expanded', 'false');
      return;
    }
    var tr = el('tr', 'ev'), td = tr.insertCell();
    td.colSpan = r.el.cells.length;
    td.appendChild(panel(r));
    r.el.after(tr);
    r.open = tr;
    r.el.setAttribute('aria-expanded', 'true');
  }
  /** @param {Event} e */
  function rowOf(e) {
    var tr = e.target instanceof Element ? e.target.closest('tr[data-code]') : null;
    return tr ? byEl.get(tr) : undefined;
  }
  table.addEventListener('click', function (e) {
    var r = rowOf(e);
    if (r && !String(window.getSelection())) toggle(r);
  });
  table.addEventListener('keydown', function (e) {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    var r = rowOf(e);
    if (r) { e.preventDefault(); toggle(r); }
  });
  document.querySelectorAll('[data-bar-code]').forEach(function (g) {
    function pick() { if (text !== null) return; codeSel.value = attr(g, 'data-bar-code'); tickCode(); apply(); table.scrollIntoView(); }
    g.addEventListener('click', pick);
    g.addEventListener('keydown', function (e) { if (e instanceof KeyboardEvent && (e.key === 'Enter' || e.key === ' ')) { e.preventDefault(); pick(); } });
  });
  readSome();
});
