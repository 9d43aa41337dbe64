// The HTML report's script, inline in the page: filter, sort, and open a finding to its evidence.
// Plain ES2017, no library, no request. It builds every element with createElement and
// textContent; the one string it parses as markup is a board, drawn by board-svg.ts in the
// worker (every text in it XML-escaped there). Rows stay in the page as they were written (the
// page lists every finding without script); a file's evidence is parsed, and its boards split,
// the first time one of its findings is opened, so that opening the page costs what its rows
// cost, whatever the evidence holds.
import { MAX_BOARDS } from './html-file.js';

export const SCRIPT = String.raw`
'use strict';
document.addEventListener('DOMContentLoaded', function () {
  var table = document.getElementById('ft');
  if (!table) return;
  var CODES = JSON.parse(document.getElementById('codes').textContent);
  var collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  var files = [], rows = [], byEl = new Map();
  Array.prototype.forEach.call(table.tBodies, function (tb) {
    var k = files.length;
    files.push({ ev: tb.querySelector('script[data-evidence]'), bd: tb.querySelector('script[data-boards]'), data: null, svgs: null });
    Array.prototype.forEach.call(tb.rows, function (el) {
      var r = { el: el, k: k, i: Number(el.getAttribute('data-i')), file: el.getAttribute('data-file').toLowerCase(), keys: [], open: null };
      rows.push(r);
      byEl.set(el, r);
    });
  });
  var controls = document.getElementById('controls');
  var sevBoxes = controls.querySelectorAll('input[data-sev]');
  var codeSel = document.getElementById('code');
  var fileBox = document.getElementById('file');
  var count = document.getElementById('count');
  controls.hidden = false;

  var codeCount = {};
  rows.forEach(function (r) { var c = r.el.getAttribute('data-code'); codeCount[c] = (codeCount[c] || 0) + 1; });
  Object.keys(codeCount).sort().forEach(function (c) {
    var o = document.createElement('option');
    o.value = c;
    o.textContent = c + ' (' + codeCount[c].toLocaleString('en-US') + ')';
    codeSel.appendChild(o);
  });

  function apply() {
    var sev = {};
    Array.prototype.forEach.call(sevBoxes, function (b) { sev[b.getAttribute('data-sev')] = b.checked; });
    var code = codeSel.value, q = fileBox.value.trim().toLowerCase(), n = 0;
    rows.forEach(function (r) {
      var el = r.el;
      var show = sev[el.getAttribute('data-severity')] && (code === '' || el.getAttribute('data-code') === code) &&
        (q === '' || r.file.indexOf(q) !== -1);
      if (el.hidden === show) el.hidden = !show;
      if (r.open) r.open.hidden = !show;
      if (show) n++;
    });
    count.textContent = n === rows.length ? rows.length.toLocaleString('en-US') + ' findings'
      : n.toLocaleString('en-US') + ' of ' + rows.length.toLocaleString('en-US') + ' findings shown';
  }
  var timer = 0;
  Array.prototype.forEach.call(sevBoxes, function (b) { b.addEventListener('change', apply); });
  codeSel.addEventListener('change', apply);
  fileBox.addEventListener('input', function () { clearTimeout(timer); timer = setTimeout(apply, 150); });

  var sorted = { col: -1, dir: 1 };
  function key(r, c) {
    if (r.keys[c] === undefined) {
      var cell = r.el.cells[c];
      r.keys[c] = cell.hasAttribute('data-sort') ? cell.getAttribute('data-sort') : cell.textContent;
    }
    return r.keys[c];
  }
  function sortBy(c, th) {
    if (rows.length === 0) return;
    sorted.dir = sorted.col === c ? -sorted.dir : 1;
    sorted.col = c;
    rows.forEach(function (r) { if (r.open) close(r); });
    var order = rows.map(function (r, j) { return j; });
    order.sort(function (a, b) { return sorted.dir * collator.compare(key(rows[a], c), key(rows[b], c)) || a - b; });
    var frag = document.createDocumentFragment();
    order.forEach(function (j) { frag.appendChild(rows[j].el); });
    table.tBodies[0].appendChild(frag);
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (h) { h.removeAttribute('aria-sort'); });
    th.setAttribute('aria-sort', sorted.dir === 1 ? 'ascending' : 'descending');
  }
  Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, c) {
    th.tabIndex = 0;
    th.addEventListener('click', function () { sortBy(c, th); });
    th.addEventListener('keydown', function (e) { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); sortBy(c, th); } });
  });

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
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
  function source(data, e) {
    var box = el('div', 'src'), cut = [];
    for (var n = e.l - 3; n <= e.l + 3; n++) {
      var raw = n === e.l && e.w !== undefined ? e.w : data.lines[n];
      if (raw === undefined) continue;
      var p = pieceOf(raw), line = el('div', n === e.l ? 'hl' : '');
      line.appendChild(el('span', 'no', String(n)));
      line.appendChild(document.createTextNode((p.from > 0 ? '\u2026' : '') + p.text + (p.from + p.text.length < p.total ? '\u2026' : '')));
      box.appendChild(line);
      if (p.text.length < p.total) cut.push('line ' + n + ': characters ' + (p.from + 1) + '\u2013' + (p.from + p.text.length) + ' of ' + p.total.toLocaleString('en-US'));
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
    } else box.appendChild(el('p', 'nob', e.pos ? 'Board not drawn: this file has more positions with findings than the page draws for one file (${MAX_BOARDS}); the IDs beside give the position.' : 'No position recorded for this finding.'));
    return box;
  }
  function panel(r) {
    var f = files[r.k];
    if (!f.data) f.data = f.ev ? JSON.parse(f.ev.textContent) : { lines: {}, f: [] };
    var e = f.data.f[r.i] || {}, code = r.el.getAttribute('data-code');
    var box = el('div', 'evb'), det = el('div', 'det');
    box.appendChild(board(f, e));
    det.appendChild(el('p', '', r.el.cells[6].textContent));
    det.appendChild(el('p', 'rule', 'Rule (' + code + '): ' + (CODES[code] || '') + '.'));
    var dl = el('dl', '');
    if (e.pos) {
      pair(dl, 'Recorded', e.pos.rec);
      if (e.pos.dice) pair(dl, 'Dice', e.pos.dice.join('-'));
    }
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
  function close(r) {
    r.open.remove();
    r.open = null;
    r.el.setAttribute('aria-expanded', 'false');
  }
  function toggle(r) {
    if (r.open) return close(r);
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
    function pick() { codeSel.value = g.getAttribute('data-bar-code'); apply(); table.scrollIntoView(); }
    g.addEventListener('click', pick);
    g.addEventListener('keydown', function (e) { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); pick(); } });
  });
  apply();
});
`;
