// The studio's page. The server is stateless: this script keeps the open file, the moves played
// and the seats, and asks the server for each position (docs/STUDIO.md is the contract).
"use strict";

const $ = (id) => document.getElementById(id);
const SVG_NS = "http://www.w3.org/2000/svg";
const STORE = "ludus-studio:";

const app = {
  editor: null,
  path: null,            // the open game, relative to the folder
  version: null,         // the version on disk the buffer was loaded from (the save's base)
  diskText: "",
  checkSeq: 0,
  checkTimer: null,
  tab: "play",
  play: { options: {}, moves: [], redo: [], position: null, selected: null, choice: null, paused: false },
  token: 0,              // bumped by every change of the game in play: a late answer is dropped
  positionSeq: 0,
  watch: { trial: null, game: null, options: {}, moves: [], k: 0 },
  jobs: [],
};

// ---------------------------------------------------------------- the server

async function api(method, url, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(url, init);
  } catch (e) {
    return { ok: false, status: 0, data: { error: "the studio does not answer: " + e.message } };
  }
  let data = null;
  try {
    data = await response.json();
  } catch (e) {
    data = { error: "an answer that is not JSON (" + response.status + ")" };
  }
  return { ok: response.ok, status: response.status, data };
}

function el(tag, attrs = {}, text) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

function svgEl(tag, attrs = {}, text) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

// ---------------------------------------------------------------- files and the editor

function setFileStatus(text, kind = "", actions = []) {
  const status = $("file-status");
  status.textContent = text;
  status.className = "file-status " + kind;
  const box = $("file-actions");
  box.replaceChildren();
  for (const [label, run, id] of actions) {
    const b = el("button", id ? { id } : {}, label);
    b.addEventListener("click", run);
    box.appendChild(b);
  }
}

async function loadFiles() {
  const { ok, data } = await api("GET", "/api/files");
  if (!ok) return setFileStatus(data.error, "error");
  fillSelect($("file-select"), data.games);
  fillSelect($("trial-select"), data.trials);
  $("trial-load").disabled = data.trials.length === 0;
  // The address may name a file after `#` (the studio prints one): it wins over the default.
  const named = decodeURIComponent(location.hash.slice(1));
  const open = data.games.includes(named) ? named : data.open || data.games[0];
  if (open) await openFile(open);
}

function fillSelect(select, values) {
  select.replaceChildren(...values.map((v) => el("option", { value: v }, v)));
}

// Opens a game in the editor; a buffer left unsaved in local storage is offered back.
async function openFile(path, keepPlay = false) {
  const { ok, data } = await api("GET", "/api/file?path=" + encodeURIComponent(path));
  if (!ok) return setFileStatus(data.error, "error");
  app.path = data.path;
  app.version = data.version;
  app.diskText = data.text;
  $("file-select").value = data.path;
  history.replaceState(null, "", "#" + encodeURIComponent(data.path).replace(/%2F/g, "/"));
  app.editor.setText(data.text, true);
  setFileStatus("saved");
  const stored = readStored(data.path);
  if (stored !== null && stored !== data.text) {
    setFileStatus("an unsaved version of this file is kept in the browser", "warn", [
      ["Restore it", () => { app.editor.setText(stored); }, "restore"],
      ["Discard it", () => { localStorage.removeItem(STORE + app.path); setFileStatus("saved"); }],
    ]);
  }
  check(app.editor.getText());
  if (!keepPlay) {
    app.play = { options: {}, moves: [], redo: [], position: null, selected: null, choice: null, paused: false };
    $("options").replaceChildren();
  }
  if (app.tab !== "watch") await refreshPlay();
}

function readStored(path) {
  try {
    return localStorage.getItem(STORE + path);
  } catch (e) {
    return null;
  }
}

function onEdit(text) {
  if (!app.path) return;
  try {
    if (text === app.diskText) localStorage.removeItem(STORE + app.path);
    else localStorage.setItem(STORE + app.path, text);
  } catch (e) {
    // Storage full or refused: the buffer is still in the editor.
  }
  setFileStatus(text === app.diskText ? "saved" : "unsaved");
  clearTimeout(app.checkTimer);
  app.checkTimer = setTimeout(() => check(text), 250);
}

// Checks the text and shows its diagnostics; an answer older than the last one asked is dropped.
async function check(text) {
  const seq = ++app.checkSeq;
  const { ok, data } = await api("POST", "/api/check", { text });
  if (seq !== app.checkSeq || !ok) return;
  const diagnostics = data.diagnostics || [];
  app.editor.setDiagnostics(diagnostics);
  const items = diagnostics.map((d) => {
    const line = d.range.start.line + 1;
    const [message, ...help] = d.message.split("\nhelp: ");
    const li = el("li", { class: "diagnostic" + (d.severity === 2 ? " warning" : ""), "data-line": line });
    li.appendChild(el("span", { class: "where" }, "line " + line));
    li.appendChild(document.createTextNode(message));
    for (const h of help) li.appendChild(el("span", { class: "help" }, "help: " + h));
    li.addEventListener("click", () => goToLine(d.range.start.line, d.range.start.character));
    return li;
  });
  $("diagnostics").replaceChildren(...items);
}

function goToLine(line, character) {
  const view = app.editor.view;
  const doc = view.state.doc;
  const l = doc.line(Math.min(line + 1, doc.lines));
  const pos = Math.min(l.from + character, l.to);
  view.dispatch({ selection: { anchor: pos }, scrollIntoView: true });
  view.focus();
}

async function hover(line, character) {
  const { ok, data } = await api("POST", "/api/hover", { text: app.editor.getText(), line, character });
  if (!ok || !data || !data.contents) return null;
  const c = data.contents;
  return typeof c === "string" ? c : c.value;
}

async function save(base = app.version) {
  if (!app.path) return;
  const text = app.editor.getText();
  const { ok, status, data } = await api("PUT", "/api/file", { path: app.path, text, base });
  if (ok) {
    app.version = data.version;
    app.diskText = text;
    try { localStorage.removeItem(STORE + app.path); } catch (e) { /* nothing kept */ }
    setFileStatus(app.editor.getText() === text ? "saved" : "unsaved");
    await refreshPlay(true);
    return;
  }
  if (status === 409) return conflict(data);
  setFileStatus("not saved: " + data.error, "error");
}

// The file changed on disk since it was loaded: the buffer stays as it is, and the user chooses.
function conflict(data) {
  const deleted = data.version === null || data.version === undefined;
  setFileStatus(deleted ? "not saved: the file was deleted on disk"
    : "not saved: the file changed on disk since it was loaded", "error", [
    ["Overwrite", () => save(deleted ? null : data.version), "overwrite"],
    ...(deleted ? [] : [["Reload from disk", () => {
      app.version = data.version;
      app.diskText = data.text;
      app.editor.setText(data.text);
    }, "reload"]]),
  ]);
}

async function format() {
  const { ok, data } = await api("POST", "/api/format", { text: app.editor.getText() });
  if (ok) {
    if (data.text !== app.editor.getText()) app.editor.setText(data.text);
  } else {
    setFileStatus("not formatted: " + data.error, "error");
  }
}

// ---------------------------------------------------------------- the board

// Draws a position's picture with a transparent circle over each site to click.
function drawBoard(position, clickable) {
  const board = $("board");
  board.innerHTML = position.svg;
  const svg = board.querySelector("svg");
  if (!svg) return;
  svg.classList.add("position");
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  const sites = position.sites || [];
  const radius = hitRadius(sites);
  const layer = svgEl("g", { class: "hits" });
  for (const s of sites) {
    layer.appendChild(svgEl("circle", { class: "hit", "data-site": s.site, cx: s.x, cy: s.y, r: radius }));
  }
  if (!clickable) layer.style.pointerEvents = "none";
  svg.appendChild(layer);
}

// About 16 units, smaller where sites stand closer, so that circles never overlap.
function hitRadius(sites) {
  let nearest = Infinity;
  const n = Math.min(sites.length, 400);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const d = Math.hypot(sites[i].x - sites[j].x, sites[i].y - sites[j].y);
      if (d > 0 && d < nearest) nearest = d;
    }
  }
  return Math.max(3, Math.min(16, nearest * 0.45));
}

function markBoard() {
  const { selected, position } = app.play;
  const targets = new Set();
  if (selected !== null && position) {
    for (const m of position.legal) if (m.from === selected && m.to !== null) targets.add(m.to);
  }
  for (const hit of $("board").querySelectorAll(".hit")) {
    const site = Number(hit.dataset.site);
    hit.classList.toggle("selected", site === selected);
    hit.classList.toggle("target", targets.has(site) && site !== selected);
  }
}

function onBoardClick(event) {
  const hit = event.target.closest ? event.target.closest(".hit") : null;
  if (!hit || app.tab === "watch") return;
  const p = app.play;
  if (!p.position || p.position.over || !humanToMove()) return;
  const site = Number(hit.dataset.site);
  const legal = p.position.legal;
  if (p.selected !== null && site !== p.selected) {
    const moves = legal.filter((m) => m.from === p.selected && m.to === site);
    if (moves.length) return chooseOrPlay(moves);
  }
  const from = legal.filter((m) => m.from === site);
  const placed = legal.filter((m) => m.from === null && m.to === site);
  if (from.length && site !== p.selected) {
    // A move that goes nowhere else (a sowing from a hole, a removal) is played at once.
    const elsewhere = from.filter((m) => m.to !== null && m.to !== site);
    if (!elsewhere.length && !placed.length) return chooseOrPlay(from);
    p.selected = site;
    p.choice = null;
    renderMoves();
    return markBoard();
  }
  if (placed.length) return chooseOrPlay(placed);
  if (site === p.selected && from.length) {
    const here = from.filter((m) => m.to === null || m.to === site);
    if (here.length) return chooseOrPlay(here);
  }
  p.selected = null;
  p.choice = null;
  renderMoves();
  markBoard();
}

function chooseOrPlay(moves) {
  if (moves.length === 1) return playMove(moves[0].notation);
  app.play.choice = moves;
  renderMoves();
  note("several moves: choose one in the list", "warn");
}

// ---------------------------------------------------------------- play

function note(text, kind = "") {
  $("note").textContent = text;
  $("note").className = "note " + kind;
}

function seatSpec(seat) {
  const input = $("seat-" + (seat + 1));
  return input ? input.value.trim() || "human" : "human";
}

function humanToMove() {
  const pos = app.play.position;
  return pos && seatSpec(pos.mover) === "human";
}

function hasHumanSeat() {
  const players = app.play.position ? app.play.position.players : 2;
  for (let s = 0; s < players; s++) if (seatSpec(s) === "human") return true;
  return false;
}

// Asks for the position after the moves played. `afterSave`: the rules changed, so moves that
// are no longer legal are dropped and the user is told.
async function refreshPlay(afterSave = false) {
  const p = app.play;
  const token = ++app.token;
  const seq = ++app.positionSeq;
  const sent = p.moves.slice();
  const { ok, data } = await api("POST", "/api/position", { path: app.path, options: p.options, moves: sent });
  if (seq !== app.positionSeq) return;
  if (!ok) {
    note(data.error, "warn");
    return;
  }
  if (data.kept < sent.length) {
    p.moves = sent.slice(0, data.kept);
    p.redo = [];
    const dropped = sent.length - data.kept;
    note(`${dropped} move${dropped > 1 ? "s" : ""} dropped from move ${data.kept + 1}` +
      (data.moves_error ? ": " + data.moves_error : ""), "warn");
  } else if (afterSave) {
    note(`rules reloaded, ${data.kept} move${data.kept === 1 ? "" : "s"} kept`);
  }
  p.position = data;
  p.selected = null;
  p.choice = null;
  if (Object.keys(p.options).length === 0) {
    for (const o of data.options || []) p.options[o.name] = o.value;
  }
  if (app.tab !== "watch") showPosition(data, true);
  renderPlay();
  if (token === app.token) nextTurn(token);
}

function showPosition(position, clickable) {
  $("stale").hidden = !position.stale;
  drawBoard(position, clickable);
  markBoard();
}

function renderPlay() {
  const p = app.play;
  const pos = p.position;
  if (!pos) return;
  $("status").textContent = pos.status;
  renderOptions(pos.options || []);
  renderSeats(pos.players);
  renderMoves();
  const history = p.moves.map((m, i) => {
    const li = el("li", { class: "ply", "data-index": i }, m);
    li.addEventListener("click", () => goToPly(i + 1));
    return li;
  });
  $("history").replaceChildren(...history);
  $("history").scrollTop = $("history").scrollHeight;
  $("undo").disabled = p.moves.length === 0;
  $("redo").disabled = p.redo.length === 0;
  $("throw").hidden = !(pos.chance && !pos.over && humanToMove());
}

function renderMoves() {
  const p = app.play;
  const pos = p.position;
  if (!pos) return;
  let shown = pos.over ? [] : pos.legal;
  if (p.choice) shown = p.choice;
  else if (p.selected !== null) shown = pos.legal.filter((m) => m.from === p.selected);
  const items = shown.map((m) => {
    const li = el("li", { class: "move" + (p.choice ? " chosen" : ""), "data-notation": m.notation }, m.notation);
    li.addEventListener("click", () => {
      if (humanToMove()) playMove(m.notation);
    });
    return li;
  });
  $("moves").replaceChildren(...items);
}

function renderOptions(options) {
  const box = $("options");
  const key = app.path + ":" + options.map((o) => o.name).join(" ");
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  box.replaceChildren(...options.map((o) => {
    const label = el("label", { title: o.doc || "" }, o.name + " ");
    // Too many values to list (null): a text input takes any.
    let field;
    if (Array.isArray(o.values)) {
      field = el("select", { name: o.name });
      const values = o.values.includes(o.value) ? o.values : [o.value, ...o.values];
      for (const v of values) field.appendChild(el("option", { value: v }, v));
    } else {
      field = el("input", { name: o.name, size: 6 });
    }
    field.value = app.play.options[o.name] ?? o.value;
    label.appendChild(field);
    return label;
  }));
}

function renderSeats(players) {
  for (let s = 1; s <= 4; s++) $("seat-" + s).parentElement.hidden = s > players;
}

function playMove(notation) {
  const p = app.play;
  p.moves.push(notation);
  p.redo = [];
  p.paused = false;
  note("");
  refreshPlay();
}

// After each position: a throw or an agent's move when the seat to move is not a human's.
async function nextTurn(token) {
  const pos = app.play.position;
  $("thinking").hidden = true;
  if (!pos || pos.over || app.tab === "watch" || app.play.paused) return;
  const spec = seatSpec(pos.mover);
  if (spec === "human") return;
  const body = { path: app.path, options: app.play.options, moves: app.play.moves.slice() };
  let answer;
  $("thinking").hidden = false;
  if (pos.chance) {
    answer = await api("POST", "/api/throw", body);
  } else {
    answer = await api("POST", "/api/agent", { ...body, agent: spec });
  }
  if (token !== app.token) return;
  $("thinking").hidden = true;
  if (!answer.ok) {
    note(spec + ": " + answer.data.error, "warn");
    return;
  }
  playMove(answer.data.move);
}

async function throwDice() {
  const body = { path: app.path, options: app.play.options, moves: app.play.moves.slice() };
  const token = app.token;
  const { ok, data } = await api("POST", "/api/throw", body);
  if (token !== app.token) return;
  if (ok) playMove(data.move);
  else note(data.error, "warn");
}

// Undoes a ply; when the seat then to move is an agent's, undoes back to a human's turn. The
// agents wait while it steps back, so that none starts on a position about to be undone.
async function undo() {
  const p = app.play;
  if (!p.moves.length) return;
  p.redo.push(p.moves.pop());
  p.paused = true;
  note("");
  await refreshPlay();
  while (p.moves.length && p.position && !humanToMove() && hasHumanSeat()) {
    p.redo.push(p.moves.pop());
    await refreshPlay();
  }
  p.paused = !hasHumanSeat();
  if (!p.paused) nextTurn(app.token);
}

function redo() {
  const p = app.play;
  if (!p.redo.length) return;
  p.moves.push(p.redo.pop());
  p.paused = p.redo.length > 0 && !hasHumanSeat();
  refreshPlay();
}

function goToPly(n) {
  const p = app.play;
  while (p.moves.length > n) p.redo.push(p.moves.pop());
  p.paused = true;
  note("agents wait: play a move, redo to the end, or restart");
  refreshPlay();
}

function restart() {
  const p = app.play;
  const options = {};
  for (const field of $("options").querySelectorAll("select, input")) options[field.name] = field.value.trim();
  Object.assign(p, { options, moves: [], redo: [], selected: null, choice: null, paused: false });
  note("");
  refreshPlay();
}

// ---------------------------------------------------------------- watch

async function loadTrial() {
  const path = $("trial-select").value;
  if (!path) return;
  const { ok, data } = await api("POST", "/api/trial", { path });
  if (!ok) {
    $("watch-info").textContent = data.error;
    return;
  }
  app.watch = { trial: path, game: data.game, options: data.options || {}, moves: data.moves || [], k: 0 };
  const seats = (data.seats || []).join(" vs ");
  $("watch-info").textContent = [seats, data.result].filter(Boolean).join(" — ");
  selectTab("watch");
  if (data.game !== app.path) await openFile(data.game);
  await showWatch();
}

async function showWatch() {
  const w = app.watch;
  $("watch-ply").textContent = `${w.k} / ${w.moves.length}`;
  if (!w.trial) return;
  const seq = ++app.positionSeq;
  const body = { path: w.game, options: w.options, moves: w.moves.slice(0, w.k) };
  const { ok, data } = await api("POST", "/api/position", body);
  if (seq !== app.positionSeq || app.tab !== "watch") return;
  if (!ok) {
    $("watch-info").textContent = data.error;
    return;
  }
  $("status").textContent = data.status;
  showPosition(data, false);
}

function step(to) {
  const w = app.watch;
  const k = Math.max(0, Math.min(w.moves.length, to));
  if (k === w.k) return;
  w.k = k;
  showWatch();
}

function onKey(event) {
  // Ctrl-S outside the editor saves too, rather than the browser saving the page.
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s" && !app.editor.hasFocus()) {
    event.preventDefault();
    save();
    return;
  }
  if (app.tab !== "watch" || app.editor.hasFocus()) return;
  const tag = (event.target.tagName || "").toLowerCase();
  if (tag === "input" || tag === "select" || tag === "textarea") return;
  const w = app.watch;
  const to = { ArrowLeft: w.k - 1, ArrowRight: w.k + 1, Home: 0, End: w.moves.length }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  step(to);
}

// ---------------------------------------------------------------- analyse

// "name=value name=value" to an object.
function parseSetting(text) {
  const setting = {};
  for (const pair of text.trim().split(/\s+/).filter(Boolean)) {
    const at = pair.indexOf("=");
    if (at <= 0) throw new Error(`"${pair}" is not name=value`);
    setting[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return setting;
}

// One job per setting: the options in play, and those with the compared values over them.
async function runAnalysis() {
  await cancelAnalysis();
  const playouts = Number($("analyse-playouts").value) || 1000;
  const settings = [{ ...app.play.options }];
  const compare = $("analyse-compare").value;
  if (compare.trim()) {
    try {
      settings.push({ ...app.play.options, ...parseSetting(compare) });
    } catch (e) {
      $("analyse-note").textContent = e.message;
      return;
    }
  }
  $("plots").replaceChildren();
  $("analyse-note").textContent = "queued";
  const jobs = [];
  for (const options of settings) {
    const { ok, data } = await api("POST", "/api/analysis", { path: app.path, options, playouts });
    if (!ok) {
      $("analyse-note").textContent = data.error;
      app.jobs = jobs;
      return cancelAnalysis();
    }
    jobs.push({ id: data.id, options, state: "queued", done: 0, total: playouts, report: null });
  }
  app.jobs = jobs;
  $("analyse-cancel").disabled = false;
  $("analyse-run").disabled = true;
  pollAnalysis(jobs);
}

async function pollAnalysis(jobs) {
  while (app.jobs === jobs) {
    for (const job of jobs.filter((j) => !finished(j.state))) {
      const { ok, data } = await api("GET", "/api/analysis/" + encodeURIComponent(job.id));
      if (!ok) Object.assign(job, { state: "failed", error: data.error });
      else Object.assign(job, data);
    }
    if (app.jobs !== jobs) return;
    const done = jobs.reduce((a, j) => a + (j.done || 0), 0);
    const total = jobs.reduce((a, j) => a + (j.total || 0), 0);
    $("analyse-progress").max = total || 1;
    $("analyse-progress").value = done;
    $("analyse-note").textContent = jobs.map((j) => j.state + (j.error ? ": " + j.error : "")).join(", ");
    if (jobs.every((j) => finished(j.state))) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  if (app.jobs !== jobs) return;
  $("analyse-cancel").disabled = true;
  $("analyse-run").disabled = false;
  if (jobs.every((j) => j.state === "done" && j.report)) drawPlots(jobs);
}

function finished(state) {
  return state === "done" || state === "cancelled" || state === "failed";
}

async function cancelAnalysis() {
  const jobs = app.jobs;
  app.jobs = [];
  $("analyse-cancel").disabled = true;
  $("analyse-run").disabled = false;
  for (const job of jobs.filter((j) => !finished(j.state))) {
    await api("DELETE", "/api/analysis/" + encodeURIComponent(job.id));
  }
  if (jobs.length) $("analyse-note").textContent = "cancelled";
}

function drawPlots(jobs) {
  const columns = jobs.map((job) => {
    const r = job.report;
    const column = el("div", { class: "plot-column" });
    const label = Object.entries(job.options).map(([k, v]) => k + "=" + v).join(" ");
    column.appendChild(el("h4", {}, r.label || label || r.game || ""));
    column.appendChild(barPlot("results", "results (95% interval)", resultBars(r), { unit: "%" }));
    column.appendChild(barPlot("lengths", `length: mean ${fixed(r.moves && r.moves.mean)} moves`,
      histogramBars(r.length_histogram), { gap: 0 }));
    column.appendChild(barPlot("branching", `branching over a game: mean ${fixed(r.branching)}`,
      stageBars(r.branching_by_stage), { gap: 1 }));
    column.appendChild(barPlot("endings", "endings", (r.endings || []).map((e) => ({
      label: e.condition, value: e.share, kind: e.limit ? "limit" : "",
      title: `${e.condition}: ${(100 * e.share).toFixed(1)}%`,
    })), { unit: "%", rotate: true }));
    return column;
  });
  $("plots").replaceChildren(...columns);
}

function fixed(x) {
  return typeof x === "number" ? x.toFixed(1) : "?";
}

// A bar per player's wins, then one for draws, each with its interval.
function resultBars(r) {
  const rates = [r.p1_wins, r.p2_wins, ...(r.more_wins || [])].filter(Boolean);
  const bars = rates.map((rate, i) => ({ label: "P" + (i + 1), rate }));
  bars.push({ label: "draw", rate: r.draws, kind: "draw" });
  return bars.map(({ label, rate, kind }) => ({
    label, value: rate.rate, ci: rate.ci95, kind: kind || "",
    title: `${label}: ${(100 * rate.rate).toFixed(1)}% [${(100 * rate.ci95[0]).toFixed(1)}, ${(100 * rate.ci95[1]).toFixed(1)}]`,
  }));
}

// The histogram of lengths, read from the shapes a report may give: a list of buckets
// ({from, to, count} or [from, to, count]) or {width, counts} with an optional start.
function histogramBars(h) {
  if (!h) return [];
  let buckets = [];
  if (Array.isArray(h)) {
    buckets = h.map((b, i) => Array.isArray(b) ? { from: b[0], to: b[1], count: b[2] }
      : typeof b === "number" ? { from: i, to: i + 1, count: b }
      : { from: b.from ?? b.min ?? b.start ?? b.lo, to: b.to ?? b.max ?? b.end ?? b.hi, count: b.count ?? b.games ?? b.n });
  } else if (h.counts) {
    const width = h.width || h.bucket || 1;
    const start = h.start ?? h.min ?? 0;
    buckets = h.counts.map((count, i) => ({ from: start + i * width, to: start + (i + 1) * width, count }));
  }
  return buckets.map((b) => ({ label: String(b.from), value: b.count, title: `${b.from}–${b.to}: ${b.count} games` }));
}

// The mean branching at each stage of a game: numbers, or objects with the mean in them.
function stageBars(stages) {
  if (!Array.isArray(stages)) return [];
  return stages.map((s, i) => {
    const value = typeof s === "number" ? s : s.branching ?? s.mean ?? s.value ?? 0;
    const label = typeof s === "object" && s.stage !== undefined ? String(s.stage) : String(i + 1);
    return { label, value, title: `stage ${label}: ${value.toFixed(1)} moves` };
  });
}

// A bar chart in hand-written SVG: a bar a <rect class="bar">, its interval as a whisker.
function barPlot(name, title, bars, { unit = "", gap = 6, rotate = false } = {}) {
  const W = 250, H = 150, left = 34, right = 8, top = 18, bottom = rotate ? 52 : 20;
  const svg = svgEl("svg", { class: "plot", "data-plot": name, width: W, height: H, viewBox: `0 0 ${W} ${H}` });
  svg.appendChild(svgEl("text", { x: 4, y: 12, class: "title" }, title));
  const scale = unit === "%" ? 100 : 1;
  let top_value = unit === "%" ? 1 : Math.max(0, ...bars.map((b) => b.value));
  if (!(top_value > 0)) top_value = 1;
  const plotW = W - left - right, plotH = H - top - bottom;
  const y = (v) => top + plotH - (v / top_value) * plotH;
  svg.appendChild(svgEl("line", { class: "axis", x1: left, y1: top + plotH, x2: W - right, y2: top + plotH }));
  svg.appendChild(svgEl("line", { class: "axis", x1: left, y1: top, x2: left, y2: top + plotH }));
  for (const v of [0, top_value]) {
    const label = unit === "%" ? Math.round(v * scale) + "%" : (Number.isInteger(v) ? v : v.toFixed(1));
    svg.appendChild(svgEl("text", { x: left - 3, y: y(v) + 3, "text-anchor": "end" }, String(label)));
  }
  const slot = bars.length ? plotW / bars.length : plotW;
  const labelEvery = Math.ceil(bars.length / 12);
  bars.forEach((b, i) => {
    const x = left + i * slot + gap / 2;
    const w = Math.max(1, slot - gap);
    const rect = svgEl("rect", { class: ("bar " + (b.kind || "")).trim(), x, y: y(b.value), width: w, height: Math.max(0, top + plotH - y(b.value)) });
    rect.appendChild(svgEl("title", {}, b.title || `${b.label}: ${b.value}`));
    svg.appendChild(rect);
    if (b.ci) {
      const cx = x + w / 2;
      for (const [x1, y1, x2, y2] of [[cx, y(b.ci[0]), cx, y(b.ci[1])], [cx - 4, y(b.ci[0]), cx + 4, y(b.ci[0])], [cx - 4, y(b.ci[1]), cx + 4, y(b.ci[1])]]) {
        svg.appendChild(svgEl("line", { class: "whisker", x1, y1, x2, y2 }));
      }
    }
    if (i % labelEvery === 0) {
      const tx = x + w / 2, ty = top + plotH + 12;
      const text = String(b.label).length > 16 ? String(b.label).slice(0, 15) + "…" : String(b.label);
      const attrs = rotate ? { x: tx, y: ty, "text-anchor": "end", transform: `rotate(-30 ${tx} ${ty})` } : { x: tx, y: ty, "text-anchor": "middle" };
      svg.appendChild(svgEl("text", attrs, text));
    }
  });
  if (!bars.length) svg.appendChild(svgEl("text", { x: W / 2, y: H / 2, "text-anchor": "middle" }, "no data"));
  return svg;
}

// ---------------------------------------------------------------- tabs

function selectTab(tab) {
  const was = app.tab;
  app.tab = tab;
  for (const t of ["play", "watch", "analyse"]) {
    $("tab-" + t).classList.toggle("active", t === tab);
    $("panel-" + t).hidden = t !== tab;
  }
  if (tab === "watch" && was !== "watch") showWatch();
  if (tab !== "watch" && was === "watch") refreshPlay();
}

// ---------------------------------------------------------------- start

function start() {
  app.editor = LudusEditor.create($("editor"), "", {
    onChange: onEdit,
    hover,
    keys: { save: () => save(), format },
  });
  $("file-select").addEventListener("change", (e) => openFile(e.target.value));
  $("save").addEventListener("click", () => save());
  $("format").addEventListener("click", format);
  $("board").addEventListener("click", onBoardClick);
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("restart").addEventListener("click", restart);
  $("throw").addEventListener("click", throwDice);
  for (let s = 1; s <= 4; s++) {
    $("seat-" + s).addEventListener("change", () => {
      app.play.paused = false;
      nextTurn(++app.token);
      renderPlay();
    });
  }
  for (const t of ["play", "watch", "analyse"]) $("tab-" + t).addEventListener("click", () => selectTab(t));
  $("trial-load").addEventListener("click", loadTrial);
  $("watch-first").addEventListener("click", () => step(0));
  $("watch-prev").addEventListener("click", () => step(app.watch.k - 1));
  $("watch-next").addEventListener("click", () => step(app.watch.k + 1));
  $("watch-last").addEventListener("click", () => step(app.watch.moves.length));
  document.addEventListener("keydown", onKey);
  window.addEventListener("hashchange", () => {
    const named = decodeURIComponent(location.hash.slice(1));
    if (named && named !== app.path) openFile(named);
  });
  $("analyse-run").addEventListener("click", runAnalysis);
  $("analyse-cancel").addEventListener("click", cancelAnalysis);
  loadFiles();
}

document.addEventListener("DOMContentLoaded", start);
