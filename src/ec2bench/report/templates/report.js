{% raw %}
(function () {
  "use strict";

  // ---------- sortable tables: click a header to sort ascending, again for descending ----------
  function cellValue(row, col) {
    var cell = row.children[col];
    if (!cell) return null;
    var v = cell.getAttribute("data-v");
    if (v === null) v = cell.textContent.trim();
    return v === "" ? null : v;
  }
  function sortTable(table, th) {
    var col = Array.prototype.indexOf.call(th.parentNode.children, th);
    var numeric = th.getAttribute("data-type") === "num";
    var dir = th.getAttribute("aria-sort") === "ascending" ? "descending" : "ascending";
    th.parentNode.querySelectorAll("th").forEach(function (h) { h.removeAttribute("aria-sort"); });
    th.setAttribute("aria-sort", dir);
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    var sign = dir === "ascending" ? 1 : -1;
    rows.sort(function (a, b) {
      var x = cellValue(a, col), y = cellValue(b, col);
      if (x === null || y === null) return (x === null) - (y === null); // no value: always last
      if (numeric) { x = parseFloat(x); y = parseFloat(y); return sign * (x - y); }
      return sign * x.localeCompare(y);
    });
    rows.forEach(function (r) { body.appendChild(r); });
  }
  document.querySelectorAll("table.sortable").forEach(function (table) {
    table.querySelectorAll("thead th").forEach(function (th) {
      th.addEventListener("click", function () { sortTable(table, th); });
      th.addEventListener("keydown", function (e) { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); sortTable(table, th); } });
    });
  });
  // breakdown tables sort by the metric shown
  var metricSelect = document.getElementById("bd-metric");
  function syncMetric() {
    var m = metricSelect.value;
    document.getElementById("breakdowns").setAttribute("data-metric", m);
    document.querySelectorAll("#breakdowns td").forEach(function (td) {
      var span = td.querySelector(".m-" + m);
      td.setAttribute("data-v", span ? span.getAttribute("data-v") : "");
    });
  }
  if (metricSelect) { metricSelect.addEventListener("change", syncMetric); syncMetric(); }

  // ---------- embedded data ----------
  var STRINGS = null;
  var cache = {};
  function inflate(el) {
    var text = el.textContent;
    if (el.getAttribute("data-encoding") !== "gzip+base64") return Promise.resolve(JSON.parse(text));
    if (typeof DecompressionStream === "undefined") {
      return Promise.reject(new Error("this browser cannot decompress the embedded traces (no DecompressionStream); use a current Chromium, Firefox or Safari"));
    }
    var bin = atob(text.trim());
    var bytes = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Response(stream).text().then(JSON.parse);
  }
  function strings() {
    if (STRINGS) return Promise.resolve(STRINGS);
    var el = document.getElementById("ec2-strings");
    if (!el) return Promise.resolve([]);
    return inflate(el).then(function (s) { STRINGS = s; return s; });
  }
  function episode(tid) {
    if (cache[tid]) return Promise.resolve(cache[tid]);
    var el = document.getElementById("ep-" + tid);
    if (!el) return Promise.reject(new Error("no trace embedded for this episode (report written without traces?)"));
    return strings().then(function () { return inflate(el); }).then(function (ep) { cache[tid] = ep; return ep; });
  }
  function sid(v) { return (typeof v === "string" && v.charAt(0) === "\u00a7") ? v.slice(1) : null; }
  function R(v) { var id = sid(v); return id === null ? v : STRINGS[+id]; }
  function deep(v) {
    if (typeof v === "string") return R(v);
    if (Array.isArray(v)) return v.map(deep);
    if (v && typeof v === "object") { var o = {}; Object.keys(v).forEach(function (k) { o[k] = deep(v[k]); }); return o; }
    return v;
  }

  // ---------- html helpers ----------
  function esc(s) {
    return String(s).replace(/[&<>"']/g, function (c) { return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]; });
  }
  function num(v, d) { return (v === null || v === undefined) ? "–" : (typeof v === "number" ? v.toFixed(d) : esc(v)); }
  function who(actor) {
    var cls = actor === "edge" || actor === "cloud" ? actor : "other";
    return '<span class="who ' + cls + '">' + esc(actor || "?") + "</span>";
  }
  var LONG_CHARS = 700, LONG_LINES = 14, PREVIEW = 220;

  // text with marks [[start, end, [unit indices]]] (UTF-16 offsets), kind "x" exposed or "a" accessed
  function marked(text, marks, kind, ep, from, to) {
    from = from || 0; to = to === undefined ? text.length : to;
    var out = "", pos = from;
    (marks || []).forEach(function (m) {
      var s = Math.max(m[0], from), e = Math.min(m[1], to);
      if (e <= s || s < pos) return;
      var units = m[2].map(function (i) { return ep.units[i] || {}; });
      var title = units.map(function (u) { return u.id + " · " + u.category + (kind === "x" ? " · sent to the cloud" : " · read on the device"); }).join("\n");
      out += esc(text.slice(pos, s)) + '<mark class="unit ' + kind + '" data-unit="' + esc(units.map(function (u) { return u.id; }).join(" ")) +
        '" title="' + esc(title) + '">' + esc(text.slice(s, e)) + "</mark>";
      pos = e;
    });
    return out + esc(text.slice(pos, to));
  }
  function textBlock(ref, ep, kind) {
    var text = R(ref);
    if (text === null || text === undefined) return "";
    text = String(text);
    var id = sid(ref);
    var marks = id === null ? null : (kind === "x" ? ep.mx : ep.ma)[id];
    var lines = text.split("\n").length;
    var full = '<pre class="text">' + marked(text, marks, kind, ep) + "</pre>";
    if (text.length <= LONG_CHARS && lines <= LONG_LINES) return full;
    var from = 0;
    if (marks && marks.length) from = Math.max(0, marks[0][0] - 80);
    var to = Math.min(text.length, from + PREVIEW);
    var n = marks ? marks.length : 0;
    return '<details class="long"><summary><span class="mono">' + (from ? "…" : "") + marked(text, marks, kind, ep, from, to) +
      "…</span><span class=\"more\">(" + text.length + " chars" + (n ? ", " + n + " sensitive value" + (n > 1 ? "s" : "") : "") +
      "; show all)</span></summary>" + full + "</details>";
  }
  function toolCalls(calls, ep, kind) {
    return (calls || []).map(function (c) {
      var fn = c["function"] || {};
      return '<div class="msg"><span class="role">call</span><b class="mono">' + esc(R(fn.name) || "?") + "</b>" +
        textBlock(fn.arguments, ep, kind) + "</div>";
    }).join("");
  }
  function message(m, ep, kind) {
    var h = '<div class="msg"><span class="role">' + esc(m.role || "?") + (m.tool_call_id ? " · " + esc(R(m.tool_call_id)) : "") + "</span>";
    if (m.content !== null && m.content !== undefined && m.content !== "") h += textBlock(m.content, ep, kind);
    h += toolCalls(m.tool_calls, ep, kind);
    return h + "</div>";
  }
  function expand(runs) {
    var ids = [];
    (runs || []).forEach(function (r) { for (var i = r[0]; i < r[1]; i++) ids.push(i); });
    return ids;
  }
  function generic(ev) {
    var o = deep(ev), type = o.type;
    delete o.type;
    return '<div class="ev generic"><span class="title">' + esc(type || "event") + "</span>" + textBlockPlain(JSON.stringify(o, null, 1)) + "</div>";
  }
  function textBlockPlain(text) { return textBlock(text, { units: [] }, "a"); }

  // ---------- one event ----------
  function renderEvent(ev, ep, state) {
    var t = ev.type;
    if (t === "episode") {
      var s = deep(ev);
      return '<div class="ev generic"><span class="title">episode</span><span class="sub">seed ' + esc(s.seed) +
        (s.settings && Object.keys(s.settings).length ? " · settings " + esc(JSON.stringify(s.settings)) : "") +
        (s.simulated ? " · simulated models" : "") + "</span></div>";
    }
    if (t === "step") {
      var m = ev.message || {};
      var content = (m.content !== null && m.content !== undefined && m.content !== "") ? textBlock(m.content, ep, "a") : "";
      var final = !(m.tool_calls && m.tool_calls.length);
      return '<div class="ev step ' + esc(ev.actor) + '"><span class="title">' + who(ev.actor) + " step " + esc(ev.step) +
        (final ? '<span class="sub">final answer</span>' : "") + "</span>" + content + toolCalls(m.tool_calls, ep, "none") + "</div>";
    }
    if (t === "tool") {
      var okc = ev.ok === false ? "bad" : "ok";
      var leaked = (state.leaks[ev.step] || []).filter(function (l) { return l.tool === R(ev.tool); });
      return '<div class="ev tool ' + esc(ev.actor) + (leaked.length ? " leaked" : "") + '"><span class="title">↳ ' + esc(R(ev.tool)) + '<span class="sub ' + okc + '">' +
        (ev.ok === false ? "error" + (ev.error ? ": " + esc(R(ev.error)) : "") : "ok") + (ev.ms !== undefined ? " · " + num(ev.ms, 1) + " ms" : "") +
        "</span>" + (leaked.length ? ' <span class="badge leak" title="the egress audit: sent to someone not entitled to it">leaked ' +
        leaked.length + " unit(s)</span>" : "") + "</span>" + textBlock(ev.result, ep, "a") + "</div>";
    }
    if (t === "leak" || t === "leak_partial") {  // the egress audit: a unit sent in the workspace to someone not entitled to it
      var k = deep(ev), full = t === "leak";
      return '<div class="ev ' + (full ? "malformed" : "generic") + '"><span class="title">' + (full ? "⚠ leak" : "partial leak, " + esc(k.match) +
        " " + num(k.score, 2) + " (not a violation)") + " (step " + esc(k.step) + ")</span> " + esc(k.unit) + ' <span class="sub">' +
        esc(k.category) + "</span> → <b>" + esc(k.recipient) + "</b> by " + esc(k.tool) + '<pre class="text">' + esc(k.excerpt) + "</pre></div>";
    }
    if (t === "boundary") {
      var ids = expand(ev.m);
      var prev = state.lastPayload || [];
      var common = 0;
      while (common < ids.length && common < prev.length && ids[common] === prev[common]) common++;
      state.lastPayload = ids;
      var first = ep.units.filter(function (u) { return u.payload === ev.index && u.exposure > 0; });
      var nx = 0;
      ids.forEach(function (i) { nx += countMarks(ep.pool[i], ep); });
      var h = '<div class="ev boundary" data-index="' + esc(ev.index) + '"><span class="title"><span class="who out">⇧ to cloud</span> payload #' + esc(ev.index) +
        '<span class="sub">step ' + esc(ev.step) + " · " + esc(R(ev.purpose)) + " · " + ids.length + " messages" +
        (common ? " (" + (ids.length - common) + " new since payload #" + esc(state.lastIndex) + ")" : "") +
        (ev.tools ? ' · <span class="tools" title="' + esc(R(ev.tools)) + '">' + String(R(ev.tools)).split(", ").length + " tool schemas</span>" : "") + (nx ? " · " + nx + " sensitive value(s) in it" : "") + "</span></span>";
      if (first.length) {
        h += '<div>first exposed here: ' + first.map(function (u) { return '<span class="badge x">' + esc(u.id) + " · " + esc(u.category) + "</span>"; }).join("") + "</div>";
      }
      h += ids.slice(common).map(function (i) { return message(ep.pool[i] || {}, ep, "x"); }).join("");
      if (common) {
        h += '<details class="long"><summary><span class="more">the ' + common + " earlier messages of this payload (sent again)</span></summary>" +
          ids.slice(0, common).map(function (i) { return message(ep.pool[i] || {}, ep, "x"); }).join("") + "</details>";
      }
      state.lastIndex = ev.index;
      return h + "</div>";
    }
    if (t === "model_call") {
      var u = ev.usage || {};
      return '<div class="ev model_call">' + who(ev.role) + " " + esc(R(ev.model)) + " · " + esc(R(ev.purpose)) + " · in " + num(u.input_tokens, 0) +
        " (cached " + num(u.cached_input_tokens, 0) + ") · out " + num(u.output_tokens, 0) + (ev.ms !== undefined ? " · " + num(ev.ms, 1) + " ms" : "") + "</div>";
    }
    if (t === "route") {
      var r = deep(ev), rest = {};
      Object.keys(r).forEach(function (k) { if (["type", "router", "score", "threshold", "decision", "step"].indexOf(k) < 0) rest[k] = r[k]; });
      var cmp = (typeof r.score === "number" && typeof r.threshold === "number") ? (r.score >= r.threshold ? " ≥ " : " < ") : " vs ";
      return '<div class="ev route"><span class="title">⤳ route' + (r.step !== undefined ? " (step " + esc(r.step) + ")" : "") + "</span> router <b>" + esc(r.router || "?") +
        "</b>: score " + num(r.score, 3) + (r.threshold !== undefined ? cmp + "threshold " + num(r.threshold, 3) : "") +
        " → " + (r.decision === "edge" || r.decision === "cloud" ? who(r.decision) : "<b>" + esc(r.decision) + "</b>") +
        (Object.keys(rest).length ? ' <span class="sub mono">' + esc(JSON.stringify(rest)) + "</span>" : "") + "</div>";
    }
    if (t === "consult" || t === "control") {  // a strategy's own decision: ask the cloud, hand over control
      var c = deep(ev), extra = {};
      Object.keys(c).forEach(function (k) { if (["type", "kind", "step", "to"].indexOf(k) < 0) extra[k] = c[k]; });
      return '<div class="ev route"><span class="title">' + (t === "consult" ? "↗ consult" : "⇄ control") + (c.kind ? " · " + esc(c.kind) : "") +
        (c.step !== undefined ? " (step " + esc(c.step) + ")" : "") + "</span>" + (c.to ? " → " + who(c.to) + " " : "") +
        Object.keys(extra).map(function (k) { return '<span class="sub">' + esc(k) + ": </span>" + esc(typeof extra[k] === "string" ? extra[k] : JSON.stringify(extra[k])); }).join(" · ") + "</div>";
    }
    if (t === "malformed") {
      return '<div class="ev malformed"><span class="title">malformed tool call</span> ' + who(ev.actor) + " step " + esc(ev.step) + ": " +
        esc(R(ev.tool)) + " — " + esc(R(ev.error)) + "</div>";
    }
    if (t === "end") {
      var e = deep(ev);
      var checks = (e.checks || []).map(function (c) {
        return "<tr><td>" + esc(c.name) + "</td><td>" + esc(c.kind) + '</td><td class="num">' + (c.harm ? "harm, cap " + num(c.cap, 0) : num(c.weight, 2)) + '</td><td class="num">' + num(c.score, 2) + "</td></tr>";
      }).join("");
      return '<div class="ev end"><span class="title">end</span><span class="sub">' + esc(e.status) + (e.stop ? " · stop: " + esc(e.stop) : "") +
        " · completion " + num(e.completion, 1) + ((e.violations || []).length ? " · violated: " + esc(e.violations.join(", ")) : "") + (e.leaks ? " · leaked units " + esc(e.leaks) : "") + " · privacy " + num(e.privacy, 1) + " · cloud $" + num(e.cloud_usd, 4) + " · steps " + esc(e.steps) + "</span>" +
        (e.error ? '<pre class="text bad">' + esc(e.error) + "</pre>" : "") +
        (checks ? '<table class="checks"><thead><tr><th>check</th><th>kind</th><th>weight</th><th>score</th></tr></thead><tbody>' + checks + "</tbody></table>" : "") +
        ((e.collateral || []).length ? '<p class="collateral"><span class="sub">collateral damage (' + esc(e.collateral.length) + ' changes outside the task\'s footprint): </span>' +
          e.collateral.map(function (c) { return esc(c.kind) + " <code>" + esc(c.item) + "</code>"; }).join(" · ") + "</p>" : "") + "</div>";
    }
    return generic(ev);
  }
  function countMarks(m, ep) {
    if (!m) return 0;
    var n = 0, id = sid(m.content);
    if (id !== null && ep.mx[id]) n += ep.mx[id].length;
    (m.tool_calls || []).forEach(function (c) { var a = sid((c["function"] || {}).arguments); if (a !== null && ep.mx[a]) n += ep.mx[a].length; });
    return n;
  }

  // ---------- one episode ----------
  function unitRows(list) {
    return list.map(function (u) {
      u = deep(u);
      return '<tr class="' + (u.exposure > 0 ? "exposed" : "") + '"><td class="mono"' + (u.source ? ' title="' + esc(u.source) + '"' : "") + ">" + esc(u.id) +
        (u.derived ? ' <span class="badge" title="derived from a typed fixture field">derived</span>' : "") + "</td><td>" + esc(u.category) + '</td><td class="num">' +
        num(u.weight, 2) + "</td><td>" + (u.needed ? "yes" : "") + "</td><td>" + (u.accessed ? "yes" : "") + '</td><td class="num">' + num(u.exposure, 2) +
        (u.match && u.match !== "exact" ? ' <span class="badge">' + esc(u.match) + "</span>" : "") +
        '</td><td class="num">' + (u.payload === null || u.payload === undefined ? "" : "#" + esc(u.payload)) + '</td><td class="mono excerpt">' + esc(u.excerpt || "") + "</td></tr>";
    }).join("");
  }
  var UNIT_HEAD = '<table class="units"><thead><tr><th>unit</th><th>category</th><th>weight</th><th>needed</th><th>accessed</th><th>exposure</th><th>first payload</th><th>excerpt (normalised)</th></tr></thead><tbody>';
  function renderEpisode(ep) {
    var seen = ep.units.filter(function (u) { return u.exposure > 0 || u.accessed; });
    seen.sort(function (a, b) { return (b.exposure > 0) - (a.exposure > 0); });
    var unseen = ep.units.filter(function (u) { return !(u.exposure > 0 || u.accessed); });
    var nx = ep.units.filter(function (u) { return u.exposure > 0; }).length;
    var units = "";
    if (ep.units.length) {
      units = '<details class="long" open><summary><b>Sensitive units</b> <span class="more">(' + ep.units.length + " in the task: " +
        seen.length + " accessed or exposed, " + nx + " exposed)</span></summary>" +
        (seen.length ? UNIT_HEAD + unitRows(seen) + "</tbody></table>" : "<p>None was accessed.</p>") +
        (unseen.length ? '<details class="long"><summary><span class="more">' + unseen.length + " units never read in this episode</span></summary>" +
          UNIT_HEAD + unitRows(unseen) + "</tbody></table></details>" : "") + "</details>";
    }
    var state = { leaks: {} };  // step -> the egress audit's leaks of that step, so the call that leaked is marked
    ep.events.forEach(function (ev) { if (ev.type === "leak") { var l = deep(ev); (state.leaks[l.step] = state.leaks[l.step] || []).push(l); } });
    var ran = ep.events.filter(function (ev) { return ev.type === "workspace"; });  // how the apps ran: the browser's engine
    var h = '<div class="ep-head"><h2>' + esc(ep.task_id) + "</h2>" +
      '<div class="kv"><span>strategy <b>' + esc(ep.strategy) + "</b></span><span>edge " + who("edge") + " " + esc(ep.edge) + "</span><span>cloud " +
      who("cloud") + " " + esc(ep.cloud) + "</span><span>repeat " + esc(ep.repeat) + "</span><span>status <b>" + esc(ep.status) + "</b></span><span>completion <b>" +
      num(ep.completion, 1) + "</b></span><span>privacy <b>" + num(ep.privacy, 1) + "</b></span><span>cloud $" + num(ep.cloud_usd, 4) + "</span>" +
      ran.map(function (ev) { return ev.browser ? "<span>browser <b>" + esc(ev.browser) + "</b></span>" : ""; }).join("") + "</div>" +
      '<div class="legend hint"><span><mark class="unit x">sent to the cloud</mark> an exposed sensitive value inside a boundary payload</span>' +
      '<span><mark class="unit a">read on the device</mark> an accessed sensitive value in a tool result</span></div>' +
      (ep.note ? '<div class="banner warn">' + esc(ep.note) + "</div>" : "") +
      (ep.missing ? '<div class="banner warn">The trace file of this episode is missing from its store.</div>' : "") + "</div>";
    h += units;
    h += '<h3>Timeline</h3><div class="timeline">';
    h += ep.events.map(function (ev) {
      try { return renderEvent(ev, ep, state); } catch (err) { return generic(ev); }
    }).join("");
    return h + "</div>";
  }

  // ---------- routing: #trace/<id> shows an episode, anything else the report ----------
  var report = document.getElementById("report"), view = document.getElementById("trace-view"), body = document.getElementById("trace-body");
  var lastAnchor = null;
  function route() {
    var m = /^#trace\/([0-9a-zA-Z_-]+)$/.exec(location.hash);
    if (!m) {
      view.hidden = true; report.hidden = false;
      if (lastAnchor && !location.hash) { var a = document.querySelector('a[data-trace="' + lastAnchor + '"]'); if (a) a.scrollIntoView({ block: "center" }); }
      return;
    }
    lastAnchor = m[1];
    report.hidden = true; view.hidden = false;
    body.innerHTML = '<p class="hint">loading trace…</p>';
    window.scrollTo(0, 0);
    episode(m[1]).then(function (ep) {
      body.innerHTML = renderEpisode(ep);
      document.title = ep.task_id + " · " + ep.strategy + " · r" + ep.repeat;
    }).catch(function (err) {
      body.innerHTML = '<div class="banner warn">Cannot show this trace: ' + esc(err.message || err) + "</div>";
    });
  }
  window.addEventListener("hashchange", route);
  route();
})();
{% endraw %}
