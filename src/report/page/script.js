// The HTML report's script, inline in the page: filter, sort, page, and open a finding to its
// evidence. Plain ES2017, no library, no request. html-script.ts puts it in the page from its
// 'use strict' on (this header stays out), each __NAME__ replaced by the value of its constant.
//
// The findings are written inside <noscript id="rows">: without script the browser shows them
// as a table; with script it keeps them as one string (no element built, nothing laid out), and
// this script parses that string a few MB at a time into rows that are never in the document,
// and shows PAGE of them at a time. So a page of 100,000 findings opens at once, stays
// responsive while its rows are read, and filters and sorts detached rows, not laid-out ones.
// A file's evidence is parsed, and its boards split, the first time one of its findings is
// opened. The markup parsed is what the worker wrote (every text from a file escaped there);
// the evidence panel is built with createElement and textContent, but for the board, drawn by
// board-svg.ts (every text in it XML-escaped).
'use strict';
document.addEventListener('DOMContentLoaded', function () {
  var holder = document.getElementById('rows'), table = document.getElementById('ft');
  if (!holder || !table) return;
  var CODES = JSON.parse(document.getElementById('codes').textContent);
  var PAGE = __PAGE__, RANK = { error: '0', warning: '1', info: '2' };
  var collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  var body = table.tBodies[0], files = [], rows = [], shown = [], page = 0, byEl = new Map(), codeSevs = {};
  var controls = document.getElementById('controls'), sevBoxes = controls.querySelectorAll('input[data-sev]');
  var codeSel = document.getElementById('code'), fileBox = document.getElementById('file');
  var count = document.getElementById('count'), pager = document.getElementById('pager');
  var text = holder.textContent, at = text.indexOf('<tbody');

  function readSome() {
    if (at === -1) return ready();
    var end = text.indexOf('</tbody>', at + 2000000);
    end = end === -1 ? text.lastIndexOf('</tbody>') + 8 : end + 8;
    var t = document.createElement('template');
    t.innerHTML = '<table>' + text.slice(at, end) + '</table>';
    Array.prototype.forEach.call(t.content.querySelectorAll('tbody'), function (tb) {
      var k = files.length;
      files.push({ ev: tb.querySelector('script[data-evidence]'), bd: tb.querySelector('script[data-boards]'), data: null, svgs: null });
      Array.prototype.forEach.call(tb.querySelectorAll('tr[data-code]'), function (el, i) {
        var r = { el: el, k: k, i: i, file: el.getAttribute('data-file').toLowerCase(), keys: [], open: null };
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
  function place(r) {
    var m = /^(\d+)(?::(\d+))?$/.exec(r.el.cells[3].textContent);
    return m ? [Number(m[1]), Number(m[2] || 0)] : [0, 0];
  }
  function firstOrder() {
    rows.forEach(function (r) { r.first = [RANK[r.el.getAttribute('data-severity')] || '3', r.el.cells[0].textContent, place(r)]; });
    rows.sort(function (a, b) {
      var x = a.first, y = b.first;
      return (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0) || collator.compare(x[1], y[1]) ||
        x[2][0] - y[2][0] || x[2][1] - y[2][1]; // stable: input order last
    });
    rows.forEach(function (r) { r.first = null; });
  }

  function ready() {
    text = null;
    var codeCount = {}, sevCount = {};
    rows.forEach(function (r) {
      var c = r.el.getAttribute('data-code'), s = r.el.getAttribute('data-severity');
      codeCount[c] = (codeCount[c] || 0) + 1;
      sevCount[s] = (sevCount[s] || 0) + 1;
      (codeSevs[c] = codeSevs[c] || {})[s] = true;
    });
    firstOrder();
    if ((sevCount.error || 0) + (sevCount.warning || 0) > 0) controls.querySelector('input[data-sev="info"]').checked = false;
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

  function fmt(n) { return n.toLocaleString('en-US'); }
  // A code picked is shown whatever its severity: its severity is ticked.
  function tickCode() {
    var sevs = codeSevs[codeSel.value] || {};
    Array.prototype.forEach.call(sevBoxes, function (b) { if (sevs[b.getAttribute('data-sev')]) b.checked = true; });
  }
  function apply() {
    var sev = {};
    Array.prototype.forEach.call(sevBoxes, function (b) { sev[b.getAttribute('data-sev')] = b.checked; });
    var code = codeSel.value, q = fileBox.value.trim().toLowerCase();
    shown = rows.filter(function (r) {
      var el = r.el;
      return sev[el.getAttribute('data-severity')] && (code === '' || el.getAttribute('data-code') === code) &&
        (q === '' || r.file.indexOf(q) !== -1);
    });
    count.textContent = shown.length === rows.length ? fmt(rows.length) + ' findings'
      : fmt(shown.length) + ' of ' + fmt(rows.length) + ' findings shown';
    show(0);
  }
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
    pager.querySelector('span').textContent = fmt(page * PAGE + 1) + '\u2013' + fmt(Math.min(shown.length, (page + 1) * PAGE)) + ' of ' + fmt(shown.length);
    pager.querySelector('[data-go="-1"]').disabled = page === 0;
    pager.querySelector('[data-go="1"]').disabled = page === pages - 1;
  }
  pager.addEventListener('click', function (e) {
    var b = e.target.closest('button[data-go]');
    if (b) { show(page + Number(b.getAttribute('data-go'))); table.scrollIntoView(); }
  });
  var timer = 0;
  Array.prototype.forEach.call(sevBoxes, function (b) { b.addEventListener('change', apply); });
  codeSel.addEventListener('change', function () { tickCode(); apply(); });
  fileBox.addEventListener('input', function () { clearTimeout(timer); timer = setTimeout(apply, 150); });

  var sorted = { col: -1, dir: 1 };
  function key(r, c) {
    if (r.keys[c] === undefined) {
      r.keys[c] = c === 4 ? RANK[r.el.getAttribute('data-severity')] : r.el.cells[c].textContent;
    }
    return r.keys[c];
  }
  function sortBy(c, th) {
    sorted.dir = sorted.col === c ? -sorted.dir : 1;
    sorted.col = c;
    rows.sort(function (a, b) { return sorted.dir * collator.compare(key(a, c), key(b, c)); }); // stable
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (h) { h.removeAttribute('aria-sort'); });
    th.setAttribute('aria-sort', sorted.dir === 1 ? 'ascending' : 'descending');
    apply();
  }
  Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, c) {
    th.tabIndex = 0;
    th.addEventListener('click', function () { sortBy(c, th); });
    th.addEventListener('keydown', function (e) { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); sortBy(c, th); } });
  });

  function el(tag, cls, txt) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (txt !== undefined) e.textContent = txt;
    return e;
  }
  function pair(dl, name, value) {
    if (value === undefined || value === null || value === '') return;
    dl.appendChild(el('dt', '', name));
    dl.appendChild(el('dd', 'mono', String(value)));
  }
  function pieceOf(p) {
    return typeof p === 'string' ? { text: p, from: 0, total: p.length } : { text: p[0], from: p[1], total: p[2] };
  }
  function sourceLine(box, n, p, hl) {
    var line = el('div', hl ? 'hl' : '');
    line.appendChild(el('span', 'no', String(n)));
    line.appendChild(document.createTextNode((p.from > 0 ? '\u2026' : '') + p.text + (p.from + p.text.length < p.total ? '\u2026' : '')));
    box.appendChild(line);
  }
  function source(data, e) {
    var box = el('div', 'src'), cut = [];
    for (var n = e.l - 3; n <= e.l + 3; n++) {
      var raw = n === e.l && e.w !== undefined ? e.w : data.lines[n];
      if (raw === undefined) continue;
      var p = pieceOf(raw);
      sourceLine(box, n, p, n === e.l);
      if (p.text.length < p.total) cut.push('line ' + n + ': characters ' + fmt(p.from + 1) + '\u2013' + fmt(p.from + p.text.length) + ' of ' + fmt(p.total));
      if (n === e.l && e.c !== undefined && e.c - 1 >= p.from && e.c - 1 <= p.from + p.text.length) {
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
  function board(f, e) {
    var box = el('div', 'board');
    if (e.b !== undefined && e.b >= 0) {
      if (!f.svgs) f.svgs = f.bd ? f.bd.textContent.split('\n') : [];
      box.innerHTML = f.svgs[e.b] || '';
    } else box.appendChild(el('p', 'nob', e.pos ? 'Board not drawn: this file has more positions with findings than the page draws for one file (__MAX_BOARDS__); the IDs beside give the position.' : 'No position recorded for this finding.'));
    return box;
  }
  function panel(r) {
    var f = files[r.k];
    if (!f.data) f.data = f.ev ? JSON.parse(f.ev.textContent) : { lines: {}, f: [] };
    var e = f.data.f[r.i] || {}, code = r.el.getAttribute('data-code');
    var box = el('div', 'evb'), det = el('div', 'det'), dl = el('dl', '');
    box.appendChild(board(f, e));
    det.appendChild(el('p', '', r.el.cells[6].textContent));
    det.appendChild(el('p', 'rule', 'Rule (' + code + '): ' + (CODES[code] || '') + '.'));
    if (e.pos) { pair(dl, 'Recorded', e.pos.rec); if (e.pos.dice) pair(dl, 'Dice', e.pos.dice.join('-')); }
    pair(dl, 'A legal play', e.lp);
    pair(dl, 'Record says', e.rv);
    pair(dl, 'Rules say', e.ev);
    if (e.pos) { pair(dl, 'Position ID', e.pos.id); pair(dl, 'Match ID', e.pos.mid); pair(dl, 'XGID', e.pos.xgid); }
    if (dl.firstChild) det.appendChild(dl);
    var src = e.l !== undefined ? source(f.data, e) : null;
    if (src) det.appendChild(src);
    box.appendChild(det);
    return box;
  }
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
  table.addEventListener('click', function (e) {
    var tr = e.target.closest('tr[data-code]');
    if (tr && byEl.has(tr) && !String(window.getSelection())) toggle(byEl.get(tr));
  });
  table.addEventListener('keydown', function (e) {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    var tr = e.target.closest('tr[data-code]');
    if (tr && byEl.has(tr)) { e.preventDefault(); toggle(byEl.get(tr)); }
  });
  document.querySelectorAll('[data-bar-code]').forEach(function (g) {
    function pick() { if (text !== null) return; codeSel.value = g.getAttribute('data-bar-code'); tickCode(); apply(); table.scrollIntoView(); }
    g.addEventListener('click', pick);
    g.addEventListener('keydown', function (e) { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); pick(); } });
  });
  readSome();
});
