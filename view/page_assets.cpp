// The page's CSS and JavaScript as string constants. The script draws nothing: the SVG comes
// from html.cpp; the script only shows values on hover and moves the playback cursor, which is
// one rectangle ("the curtain" over the events not yet played) and one line, so a step costs the
// same at 10 events as at 10^4.
#include "view/page_assets.h"

namespace racelang {

const char* const kErrorCatcher = R"JS(
window.__errors = [];
window.addEventListener('error', function (e) { window.__errors.push(String(e.message)); });
)JS";

const char* const kPageStyle = R"CSS(
body { font: 13px/1.4 system-ui, sans-serif; margin: 0; color: #222; background: #fff; }
header { position: sticky; top: 0; background: #f7f7f9; border-bottom: 1px solid #ccd;
         padding: 6px 12px; z-index: 2; }
h1 { font-size: 15px; margin: 2px 0; font-family: monospace; }
header p { margin: 3px 0; }
code { background: #eef; padding: 1px 4px; word-break: break-all; }
.race-note { color: #a00; font-weight: 600; }
.note { color: #555; font-style: italic; }
#controls { margin: 4px 0; display: flex; gap: 4px; align-items: center; }
#slider { flex: 1; max-width: 600px; }
#step-info { font-family: monospace; margin-left: 8px; white-space: pre; }
.legend span { margin-right: 10px; padding-left: 18px; position: relative; }
.legend span::before { content: ""; position: absolute; left: 0; top: 7px; width: 14px;
                       height: 3px; }
.k-po::before { background: #999; } .k-ra::before { background: #2a7; }
.k-fork::before { background: #26c; } .k-join::before { background: #85c; }
.k-race::before { background: #d00; } .k-vol::before { background: #2a7; }
.k-bar::before { background: #c72; }
svg { display: block; margin: 6px 12px; font: 12px monospace; }
.lane-title { font-weight: 700; fill: #333; }
.lane-line { stroke: #999; stroke-width: 2; }
.edge { fill: none; stroke-width: 1.8; }
.edge.release-acquire { stroke: #2a7; } .head-release-acquire { fill: #2a7; }
.edge.fork { stroke: #26c; } .head-fork { fill: #26c; }
.edge.join { stroke: #85c; } .head-join { fill: #85c; }
.edge.volatile-write-read { stroke: #2a7; stroke-dasharray: 5 3; }
.head-volatile-write-read { fill: #2a7; }
.edge.arrive-depart { stroke: #c72; } .head-arrive-depart { fill: #c72; }
.ev circle { fill: #444; stroke: #fff; stroke-width: 1; }
.ev[data-kind="acq"] circle, .ev[data-kind="rel"] circle { fill: #2a7; }
.ev[data-kind="fork"] circle, .ev[data-kind="join"] circle { fill: #26c; }
.ev.race circle { fill: #fff; stroke: #d00; stroke-width: 3; }
.ev.race .lbl { fill: #d00; font-weight: 700; }
.ev .num { fill: #999; } .ev .src { fill: #555; }
.ev:hover .lbl, .ev.current .lbl { text-decoration: underline; }
.ev.current circle { stroke: #fa0; stroke-width: 3; }
.fold rect { fill: #ddd; stroke: #999; } .fold text { fill: #666; font-style: italic; }
.gap rect { fill: #fff4d6; } .gap text { fill: #963; }
.race-link { stroke: #d00; stroke-width: 2; stroke-dasharray: 6 4; }
.race-text { fill: #d00; font-weight: 700; }
#curtain { fill: #fff; opacity: 0.8; pointer-events: none; }
#cursor { fill: #fa0; opacity: 0.18; pointer-events: none; }
#tip { position: fixed; background: #fffff4; border: 1px solid #aa8; padding: 6px 8px;
       font: 12px monospace; white-space: pre; z-index: 3; pointer-events: none;
       box-shadow: 2px 2px 6px rgba(0,0,0,.2); max-width: 70vw; overflow: hidden; }
#script-errors:empty, #selftest:empty { display: none; }
)CSS";

const char* const kPageScript = R"JS(
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('run-data').textContent);
  var svg = document.getElementById('graph');
  var curtain = document.getElementById('curtain');
  var cursor = document.getElementById('cursor');
  var slider = document.getElementById('slider');
  var info = document.getElementById('step-info');
  var tip = document.getElementById('tip');
  var rows = data.rows, events = data.events;
  var rowEls = [];
  svg.querySelectorAll('#rows > g').forEach(function (g) { rowEls[+g.dataset.row] = g; });
  var threadIndex = {};
  data.threads.forEach(function (t, k) { threadIndex[t.id] = k; });
  var step = rows.length - 1;
  var timer = null;

  function rowY(r) { return data.top + r * data.rowHeight + data.rowHeight / 2; }

  function rowText(r) {
    var row = rows[r];
    if (!row) return '';
    if (row[0] === 2) return 'events #' + row[1] + '..#' + row[2] + ' not drawn';
    var e = events[row[1]];
    if (row[0] === 1) return 'thread ' + e[0] + ': ' + (row[2] - row[1] + 1) + ' folded accesses';
    return '#' + row[1] + ' thread ' + e[0] + ': ' + e[3] + (e[4] ? '  (line ' + e[4] + ')' : '') +
           (e[8] ? '  C=' + e[8] : '');
  }

  function setStep(r) {
    if (data.broken) return;
    r = Math.max(0, Math.min(rows.length - 1, r));
    if (rowEls[step]) rowEls[step].classList.remove('current');
    step = r;
    var y = rowY(r) + data.rowHeight / 2;
    var h = Math.max(0, +svg.getAttribute('height') - y);
    curtain.setAttribute('y', y);
    curtain.setAttribute('height', h);
    cursor.setAttribute('y', rowY(r) - data.rowHeight / 2);
    if (rowEls[r]) rowEls[r].classList.add('current');
    slider.value = r;
    info.textContent = 'row ' + (r + 1) + '/' + rows.length + '  ' + rowText(r);
  }

  function memoryAt(i) {
    // Replays recorded values of writes, acquires and releases up to event i.
    var mem = data.initial.slice();
    var extra = {};
    for (var k = 0; k <= i; k++) {
      var e = events[k];
      if (e[6] !== null && (e[1] === 'wr' || e[1] === 'acq' || e[1] === 'rel')) {
        if (e[2] < mem.length) mem[e[2]] = e[6]; else extra[e[2]] = e[6];
      }
    }
    return { mem: mem, extra: extra };
  }

  function describe(i) {
    var e = events[i];
    var lines = ['event #' + i + ': ' + e[3] + ' by thread ' + e[0] + (e[10] ? '   <- the detector was stuck here (race)' : '')];
    if (e[4]) lines.push('line ' + e[4] + ':' + e[5] + ': ' + (data.source[e[4]] || '').trim());
    if (e[6] !== null) lines.push((e[1] === 'acq' || e[1] === 'rel' ? 'lock cell' : 'value') + ' after: ' + e[6]);
    var t = data.threads[threadIndex[e[0]]];
    if (t && t.locals.length) {
      lines.push('locals of thread ' + e[0] + ': ' + t.locals.map(function (n, s) {
        return n + '=' + (e[7][s] === undefined ? '?' : e[7][s]);
      }).join(' '));
    }
    var m = memoryAt(i);
    var cells = data.cells.map(function (n, c) { return n + '=' + m.mem[c]; });
    if (data.cellCount > data.cells.length) cells.push('... (' + data.cellCount + ' cells)');
    if (cells.length) lines.push('memory: ' + cells.join(' '));
    if (e[8]) lines.push('detector: C_t = ' + e[8] + (e[10] ? ' (stuck: the state before the access)' : ''));
    if (e[9]) lines.push('          ' + e[9] + ' (location ' + e[3].split(' ').slice(1).join(' ') + ')');
    if (!e[8]) lines.push('detector: no clocks (none, or a state it does not expose)');
    return lines.join('\n');
  }

  function showTip(ev, text) {
    tip.textContent = text;
    tip.hidden = false;
    var x = Math.min(ev.clientX + 14, window.innerWidth - tip.offsetWidth - 8);
    var y = ev.clientY + 14;
    if (y + tip.offsetHeight > window.innerHeight) y = ev.clientY - tip.offsetHeight - 10;
    tip.style.left = Math.max(0, x) + 'px';
    tip.style.top = Math.max(0, y) + 'px';
  }

  svg.addEventListener('mouseover', function (ev) {
    var g = ev.target.closest('.ev, .fold, .gap');
    if (!g) return;
    if (g.classList.contains('ev')) showTip(ev, describe(+g.dataset.i));
    else if (g.classList.contains('fold')) {
      var a = +g.dataset.first, b = +g.dataset.last, seen = {};
      for (var k = a; k <= b; k++) seen[events[k][3]] = (seen[events[k][3]] || 0) + 1;
      showTip(ev, 'folded: events #' + a + '..#' + b + ' of thread ' + g.dataset.thread + '\n' +
              Object.keys(seen).map(function (s) { return '  ' + seen[s] + 'x ' + s; }).join('\n'));
    } else showTip(ev, 'events #' + g.dataset.first + '..#' + g.dataset.last + ' are not drawn (row limit)');
  });
  svg.addEventListener('mouseout', function () { tip.hidden = true; });
  svg.addEventListener('click', function (ev) {
    var g = ev.target.closest('[data-row]');
    if (g) setStep(+g.dataset.row);
  });

  slider.addEventListener('input', function () { setStep(+slider.value); });
  function play() {
    if (timer) { clearInterval(timer); timer = null; return; }
    if (step >= rows.length - 1) setStep(0);
    timer = setInterval(function () {
      if (step >= rows.length - 1) { clearInterval(timer); timer = null; return; }
      setStep(step + 1);
    }, 250);
  }
  document.getElementById('first').onclick = function () { setStep(0); };
  document.getElementById('prev').onclick = function () { setStep(step - 1); };
  document.getElementById('next').onclick = function () { setStep(step + 1); };
  document.getElementById('last').onclick = function () { setStep(rows.length - 1); };
  document.getElementById('play').onclick = play;
  document.addEventListener('keydown', function (ev) {
    if (ev.target === slider && (ev.key === 'ArrowLeft' || ev.key === 'ArrowRight')) return;
    var moves = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    if (ev.key in moves) { setStep(step + moves[ev.key]); ev.preventDefault(); }
    else if (ev.key === 'Home') { setStep(0); ev.preventDefault(); }
    else if (ev.key === 'End') { setStep(rows.length - 1); ev.preventDefault(); }
    else if (ev.key === ' ') { play(); ev.preventDefault(); }
  });
  if (rows.length) setStep(rows.length - 1);

  // #step=R&hover=I (for screenshots and links): playback at row R, event I's values shown.
  var params = {};
  location.hash.slice(1).split('&').forEach(function (kv) {
    var p = kv.split('=');
    if (p.length === 2) params[p[0]] = +p[1];
  });
  if ('step' in params) setStep(params.step);
  if ('hover' in params && document.getElementById('ev-' + params.hover)) {
    // Over the source column (the tip repeats the line), so the lanes and edges stay visible.
    var el = document.getElementById('ev-' + params.hover);
    var box = el.querySelector('circle').getBoundingClientRect();
    var src = el.querySelector('.src');
    var x = src ? src.getBoundingClientRect().left - 14 : box.right;
    showTip({ clientX: x, clientY: box.bottom }, describe(params.hover));
  }

  // #selftest: check the drawing and that playback moves the view, and write the verdict
  // into the page for `chromium --headless --dump-dom`.
  if (location.hash === '#selftest') {
    var problems = [];
    var lanes = svg.querySelectorAll('#lanes .lane').length;
    if (lanes !== data.threads.length) problems.push('lanes ' + lanes + ' != threads ' + data.threads.length);
    if (rows.length && !svg.querySelectorAll('#rows > g').length) problems.push('no rows drawn');
    var state = function () { return curtain.getAttribute('y') + '|' + info.textContent; };
    var atEnd = state();
    setStep(0);
    var atStart = state();
    if (rows.length > 1 && atStart === atEnd) problems.push('moving to the first row changed nothing');
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    if (rows.length > 1 && state() === atStart) problems.push('the right arrow key changed nothing');
    if (rows.length && +slider.value !== Math.min(1, rows.length - 1)) problems.push('the slider did not follow');
    try { describe(rows[rows.length - 1] ? rows[rows.length - 1][1] : 0); } catch (err) { problems.push('hover: ' + err); }
    // How long playback takes (reported, never judged: speed is measured, not asserted).
    var t0 = performance.now();
    for (var k = 0; k < 200; k++) setStep(k % Math.max(1, rows.length));
    var ms = (performance.now() - t0) / 200;
    setStep(rows.length - 1);
    document.getElementById('selftest').textContent =
      problems.length ? 'selftest: FAIL: ' + problems.join('; ')
                      : 'selftest: PASS (' + rows.length + ' rows, ' + ms.toFixed(3) + ' ms a step)';
  }
})();
window.addEventListener('load', function () {
  document.getElementById('script-errors').textContent =
    window.__errors.length ? 'script errors: ' + window.__errors.join(' | ') : '';
});
)JS";

} // namespace racelang
