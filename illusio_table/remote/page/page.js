// The page of a seat on a device. It knows no rule: the host sends this seat's view, its
// log, its moves with their words and the gestures that make them (the same gesture maps
// the desktop table uses), and this page draws the view and offers those gestures as
// taps: tap a piece to lift it (its places light up in gold), tap a place to put it
// there; tap a piece or a button to play a move made by a click. Every text is set as
// text, never as markup.
"use strict";

const $ = (id) => document.getElementById(id);
const keyText = (key) => JSON.stringify(key);

// A count as it is said: "1 card", "2 cards" (never "card(s)"), as the big screen says it.
function counted(n, thing, things) {
  return `${n} ${n === 1 ? thing : things || thing + "s"}`;
}

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

// -- the connection ------------------------------------------------------------------------
// Frames come numbered (`seq`) through one writer on the host, so they arrive in order;
// the page still applies a state only if it is newer than the one it drew, and draws
// nothing before it has the card file of the state's game (it asks again if it must).
// A state that changed little comes as a delta: the fields that changed, and the version
// of the state it was made against; the page applies it only on top of that very state,
// and asks for a whole one when it does not hold it (a frame lost or overtaken).
// A lost connection is retried for as long as the code lives, with a growing wait (at
// most RETRY_MOST): the big screen says a phone comes back by itself, and one that was
// kept waiting by a slow restart does. Now and then the page asks whether its code still
// opens a seat: a dead one is not hammered, the page stops and says what to do. A page
// told it no longer plays its seat stops for good and says why.
// The host answers every move it reads at once ("heard", with the move's number; then the
// state it makes, or a refusal): a move that gets no such answer in ANSWER_MS (other
// frames, a bot's move, prove nothing about it) went into a socket that is dead without knowing it
// (a phone out of the Wi-Fi keeps its socket open for minutes). The page says so, drops
// that socket and joins again; the state it gets says whether the move was played.
//
// The host gives the first page on a code a device token of its own, kept in this
// browser's storage: a reload (or the same phone after a cut) comes back with it and
// holds the seat again without asking. Any other device on the code is told to wait and
// is sent nothing of the seat until the seat's holder (or the big screen) lets it in.

const code = location.pathname.split("/")[2] || "";
const TOKEN_KEY = `illusio-device-${code}`;
let socket = null;
let cards = null; // the game's card file: names, colours, symbols, numbers
let cardsGame = "";
let state = null;
let waiting = null; // a state that came before its game's card file
let base = null; // the last state taken, as the host sent it: a delta applies to it
let askedWhole = false; // a whole state was asked for and has not come yet
let lastSeq = 0; // the newest frame taken on this connection
let lifted = null; // the key (as text) of the piece picked up
let RETRY_FIRST = 1000; // ms before the first try again (the tests shorten both)
let RETRY_MOST = 10000; // the longest wait between two tries
let ANSWER_MS = 6000; // the longest a move waits for the host's answer (the tests shorten it)
let unanswered = null; // the timer of a move sent and not answered yet
let asks = 0; // the moves sent on this page, numbered: the host's "heard" names one
let awaited = 0; // the number of the move the timer waits on
let lastSent = ""; // the version the last move sent was made on
let unplayed = ""; // the version a move went unanswered on: still that one, it was not played
let retry = RETRY_FIRST;
let tries = 0;
let ended = false;
let lost = false; // the connection is down: nothing can be played until it is back
let refusalShown = false; // a refusal is on screen, and the state that comes with it not yet
let drillsKept = 0; // the person's own drills, when the host offers "Drill my mistakes"
const LOST = "Connection lost: joining again…";
const LOST_LONG = "Connection lost: still trying to join again. If the big screen shows a new code for your seat, scan that one.";
const NO_ANSWER = "Your move got no answer from the big screen: joining again…";
const NOT_PLAYED = "Your last move did not reach the big screen: play it again.";
const DEAD = "This seat's code opens nothing any more (the seat was taken back, or the big screen started again with new codes).";

function savedToken() {
  try { return localStorage.getItem(TOKEN_KEY) || ""; } catch (e) { return ""; }
}

function saveToken(token) {
  try { localStorage.setItem(TOKEN_KEY, token); } catch (e) { /* private mode: a reload asks again */ }
}

let again = null; // the timer of the next try to join again, while one is waiting

function connect() {
  again = null;
  if (ended) return;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const token = savedToken();
  const device = token ? `?device=${encodeURIComponent(token)}` : "";
  socket = new WebSocket(`${scheme}://${location.host}/seat/${code}/ws${device}`);
  socket.onopen = () => { retry = RETRY_FIRST; tries = 0; lastSeq = 0; lost = false; askedWhole = false; notice(""); };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = connectionLost;
}

function connectionLost() {
  if (ended) return;
  answered();
  tries += 1;
  lost = true;
  offerNothing({ count: "" }); // nothing stale is offered
  $("status").textContent = tries > 3 ? LOST_LONG : LOST;
  if (tries % 3 === 0) checkCode();
  again = setTimeout(connect, retry);
  retry = Math.min(retry * 2, RETRY_MOST);
}

function answered() {
  if (unanswered !== null) { clearTimeout(unanswered); unanswered = null; }
}

// A move with no answer: its socket is taken as dead (its own close could wait for a
// network that is gone), and the page joins again at once.
function noAnswer(version) {
  unanswered = null;
  if (ended || !socket) return;
  const dead = socket;
  dead.onmessage = dead.onclose = null;
  try { dead.close(); } catch (e) { /* already closing */ }
  unplayed = version;
  retry = 0; // (the first try again comes at once, then the usual growing wait)
  connectionLost();
  retry = RETRY_FIRST;
  $("status").textContent = NO_ANSWER;
}

// Whether the code still opens a seat: the host answers its page with 403 for a dead one
// (a server that does not answer at all may be restarting: the page keeps trying).
function checkCode() {
  fetch(location.pathname, { cache: "no-store" })
    .then((answer) => { if (answer.status === 403) stop(DEAD); })
    .catch(() => {});
}

function receive(message) {
  // A move heard is an answer however late or out of order it comes (no seq test).
  if (message.type === "heard") {
    if (typeof message.ask === "number" && message.ask >= awaited) {
      answered();
      // A later move went out before this one was heard: its own wait begins.
      if (message.ask < asks) waitForAnswer(asks, lastSent);
    }
    return;
  }
  if (typeof message.seq === "number") {
    // A game's card file is never stale (the same all match): a network that reorders
    // may bring it after a newer state, which waits for it, so it is taken whatever its
    // number. Anything else older than what is drawn, or twice, is dropped.
    if (message.seq <= lastSeq && message.type !== "cards") {
      // A whole state overtaken while one is asked for may have been the answer (a later
      // delta came first, made against it): asked again, or the page would wait forever.
      if (message.type === "state" && askedWhole) { askedWhole = false; askWhole(); }
      return;
    }
    lastSeq = Math.max(lastSeq, message.seq);
  }
  if (message.type === "device") {
    saveToken(message.token); // this device holds the seat: it comes back with this
  } else if (message.type === "knock") {
    knocking(message.status);
  } else if (message.type === "ask") {
    askAbout(message.knocks);
  } else if (message.type === "cards") {
    cards = message.cards;
    cardsGame = message.game;
    if (waiting) { const next = waiting; waiting = null; show(next); }
  } else if (message.type === "state" || message.type === "delta") {
    if (message.type === "delta") {
      if (!base || base.version !== message.base) { askWhole(); return; }
      const whole = { ...base, ...message, type: "state" };
      delete whole.base;
      message = whole;
    } else {
      askedWhole = false;
    }
    base = message;
    if (!cards || cardsGame !== message.game) {
      waiting = message;
      send({ type: "cards" });
      return;
    }
    show(message);
  } else if (message.type === "confirm") {
    confirmSeat(message);
  } else if (message.type === "drills") {
    drillsKept = message.kept; // the host's offer (0: none): the page knows no rule
    if (state) draw();
  } else if (message.type === "status") {
    // The big screen is revealing: from this first word of it, the seat's line says so
    // (its last heading, "You have chosen… Waiting for Ana…", is over).
    offerNothing({ status: message.status, heading: message.status, count: "" });
  } else if (message.type === "refused") {
    // (Not an answer to a move: the host hears a move before it refuses it. A move the
    // server turned away unread, too many at once, is said lost in a while, and played
    // again after the page joins again.)
    notice(message.reason);
    refusalShown = true;
    // An ask for a whole state refused (too many messages at once): asked again soon.
    if (askedWhole) setTimeout(() => { askedWhole = false; if (!ended) askWhole(); }, RETRY_FIRST);
  } else if (message.type === "closed") {
    stop(message.reason);
  }
}

// A new match with the same people: the page asks the person whether the new seat is
// theirs, and shows nothing of the last match meanwhile (its table drawn under the
// question read as the new match's). Its last state goes too, so no delta of the new
// match is ever applied to it: the new match's first state comes whole.
function confirmSeat(message) {
  base = null;
  waiting = null;
  askedWhole = false;
  lifted = null;
  blank("A new match: confirm your seat.", ["Your seat in it is drawn here once you say it is yours."]);
  const sheet = $("sheet");
  sheet.replaceChildren(el("p", "", `A new match begins on the big screen: ${message.title}.`));
  const yes = el("button", "", `I am ${message.name}: show my seat`);
  yes.onclick = () => {
    // Offline, the answer could not go: the question stays, and the page says why (it
    // said "Joining your seat…" over a lost connection, and the answer was lost).
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      notice("The connection is lost: answer again once it is back.");
      return;
    }
    hideSheet();
    $("status").textContent = "Joining your seat…";
    send({ type: "confirm" });
  };
  sheet.append(yes, el("p", "", `Not ${message.name}? Ask at the big screen for your own seat's code.`));
  sheet.hidden = false;
}

// The table stays drawn as it stood, and nothing on it can be tapped: the connection is
// down, or the big screen reveals.
function offerNothing(changes) {
  if (!state) return;
  lifted = null;
  hideSheet();
  state = { ...state, gestures: [], moves: [], ...changes };
  draw();
}

// A gesture names the move it makes by its place in the moves (the host says a move's
// action and words once): the page puts them back in it.
function withMoves(message) {
  const gestures = message.gestures.map((g) => (typeof g.move === "number" ? { ...message.moves[g.move], ...g } : g));
  return { ...message, gestures };
}

function show(message) {
  state = withMoves(message);
  // A refusal comes with the state it was measured against (sent right after it): that
  // one keeps it on screen; the next state is a new moment, and the refusal goes.
  if (refusalShown) refusalShown = false;
  else notice("");
  // After a move that got no answer, the present says whether it was played.
  if (unplayed) {
    if (state.version === unplayed) notice(NOT_PLAYED);
    unplayed = "";
  }
  if (lifted && !state.gestures.some((g) => g.source && keyText(g.source) === lifted)) lifted = null;
  draw();
}

// The page shows no seat: only `lines`, under `status`.
function blank(status, lines) {
  state = null;
  hideSheet();
  askAbout([]);
  $("who").textContent = "Illusio Table";
  $("status").textContent = status;
  $("count").hidden = true;
  $("note").hidden = true;
  $("table").replaceChildren(...lines.map((line) => el("p", "ended", line)));
  $("moves").replaceChildren();
  $("moves-title").textContent = "Your moves";
  $("log").replaceChildren();
  $("extra").hidden = true; // no seat: no moves, no log
  notice("");
}

// The page no longer plays a seat: it says why and what to do, and draws nothing more.
// The way back to a seat, after a reason that does not say it itself. A reason that does
// (reload; scan the code the big screen shows now or at its next start) is left alone:
// "Take back, then Play on a phone" after it contradicted it (a new code already shown
// would die by a Take back; a match kept for the next start gets its new codes by itself).
const WAY_BACK = "To play again, scan your seat's new code in the big screen's Phones panel (where it shows none, ask there for “Take back”, then “Play on a phone”).";
const SAYS_WHAT_NEXT = /\b(reload|scan|open its new code)\b/i;

function stop(reason) {
  ended = true;
  drillsKept = 0;
  blank("This page no longer plays a seat.", SAYS_WHAT_NEXT.test(reason) ? [reason] : [reason, WAY_BACK]);
  if (socket) socket.close();
}

// Another device holds the seat: this one waits to be let in, and is shown nothing of it.
function knocking(status) {
  blank("Waiting to be let in…", [status]);
}

// The seat's holder is asked about another device asking for the seat (none: the
// question is put away).
function askAbout(knocks) {
  const box = $("ask");
  const asked = !box.hidden;
  box.replaceChildren();
  box.hidden = !knocks.length;
  if (!knocks.length) return;
  // Newly asked, the page comes back to its top, where the question stands under the
  // heading (scrolled down the table, a phone showed nothing of it).
  if (!asked) window.scrollTo(0, 0);
  const first = knocks[0];
  box.append(
    el("p", "", `Another device (${first.where}) asks to take your seat.`),
    el("p", "", "Allow it only if it is yours (a new phone): it will see all your seat sees, and this page stops."),
  );
  const allow = el("button", "", "Allow");
  allow.onclick = () => send({ type: "allow", knock: first.knock });
  const refuse = el("button", "", "Refuse");
  refuse.onclick = () => send({ type: "refuse", knock: first.knock });
  box.append(allow, refuse);
}

// The page lacks the state a delta was made against: it asks for a whole one, once.
function askWhole() {
  if (askedWhole) return;
  askedWhole = true;
  send({ type: "state" });
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

// The wait for the host's "heard" of move `ask`, made on the state of `version`.
function waitForAnswer(ask, version) {
  awaited = ask;
  unanswered = setTimeout(() => noAnswer(version), ANSWER_MS);
}

function play(action) {
  if (!socket || socket.readyState !== WebSocket.OPEN || !state) return;
  asks += 1;
  lastSent = state.version;
  send({ type: "act", action, version: lastSent, ask: asks });
  if (unanswered === null) waitForAnswer(asks, lastSent);
  lifted = null;
  hideSheet();
  notice("");
}

function notice(text, good) {
  const box = $("notice");
  box.textContent = text || "";
  box.hidden = !text;
  box.className = good ? "good" : "";
}

// -- taps ------------------------------------------------------------------------------------

function gesturesOn(target, source) {
  const t = keyText(target);
  return state.gestures.filter((g) => keyText(g.target) === t
    && (source === null ? g.source === null || g.click : g.source && keyText(g.source) === source));
}

function isSource(key) {
  const k = keyText(key);
  return state.gestures.some((g) => g.source && keyText(g.source) === k);
}

function choose(title, gestures, extra) {
  const sheet = $("sheet");
  sheet.replaceChildren(el("p", "", title));
  for (const g of gestures) {
    const button = el("button", "", withHint(g));
    button.onclick = () => play(g.action);
    sheet.append(button);
  }
  if (extra) sheet.append(extra);
  const cancel = el("button", "move", "Cancel");
  cancel.onclick = () => { lifted = null; hideSheet(); draw(); };
  sheet.append(cancel);
  sheet.hidden = false;
}

// A move in words, with the engine's hint where there is one (an attack's roll and chance).
function withHint(move) { return move.hint ? `${move.words} — ${move.hint}` : move.words; }

function hideSheet() { $("sheet").hidden = true; $("sheet").replaceChildren(); }

function tap(key, node) {
  if (!state) return;
  notice("");
  const k = keyText(key);
  if (lifted && lifted !== k) {
    let found = gesturesOn(key, lifted);
    // Put down on a piece that lies in a place that takes it (a card of the Backstage,
    // a Group of the uncontrolled area): the move is onto that place.
    for (let up = node && node.parentElement; !found.length && up; up = up.parentElement) {
      if (up.dataset && up.dataset.key) found = gesturesOn(JSON.parse(up.dataset.key), lifted);
    }
    if (found.length === 1) return play(found[0].action);
    if (found.length > 1) return choose("Which move?", found);
    if (!isSource(key)) {
      notice("That piece does not go there: the places outlined in gold take it.");
      return;
    }
  }
  if (lifted === k) { lifted = null; hideSheet(); draw(); return; }
  const clicks = gesturesOn(key, null).filter((g) => g.click);
  if (isSource(key)) {
    lifted = k;
    draw();
    if (clicks.length) choose("Tap a place outlined in gold, or:", clicks);
    else hideSheet();
    return;
  }
  if (clicks.length === 1) return play(clicks[0].action);
  if (clicks.length > 1) return choose("Which move?", clicks);
  lifted = null;
  draw();
}

// A drawn thing the gestures may name: tapping it plays or lifts.
function piece(key, node) {
  const k = keyText(key);
  node.dataset.key = k;
  node.onclick = (event) => { event.stopPropagation(); tap(key, node); };
  return node;
}

// -- drawing ---------------------------------------------------------------------------------

// Each game's drawing is a script of its own (/page/games/<game>.js, its kit's `phone`
// part), loaded when a seat of that game first opens; it hands its function to drawer().
// Until it has come, the table's moves are buttons.
// A script that did not come (the network, a busy host) is asked for again, with a growing
// wait, and the page says so over its buttons; one that came but drew nothing leaves the
// buttons for good.
const drawers = {};
const coaches = {}; // a game's coach's chart drawing, by game (its `drawer` extras)
let loadingGame = null;
const drawerFailures = {}; // scripts that did not come, by game
let drawingTrouble = ""; // what the page says while a drawing waits to be loaded again

function drawer(draw, extras = {}) {
  drawers[loadingGame] = draw;
  // A game with a coach hands its chart's drawing too (its kit's rehearsal).
  if (extras.coach) coaches[loadingGame] = extras.coach;
}

function loadDrawer(game) {
  if (loadingGame !== null) return; // one at a time; draw() asks again
  loadingGame = game;
  const script = document.createElement("script");
  script.src = `/page/games/${encodeURIComponent(game)}.js`;
  script.onload = () => {
    if (!drawers[game]) drawers[game] = () => {};
    loadingGame = null;
    drawingTrouble = "";
    if (state) draw();
  };
  script.onerror = () => {
    script.remove();
    const failures = (drawerFailures[game] = (drawerFailures[game] || 0) + 1);
    const wait = Math.min(RETRY_FIRST * 2 ** (failures - 1), 30000);
    drawingTrouble = `The drawing of this table did not load: trying again in ${Math.ceil(wait / 1000)} s. Meanwhile your moves are buttons.`;
    if (state) draw();
    setTimeout(() => { loadingGame = null; if (state) draw(); }, wait);
  };
  document.head.append(script);
}

function names(seat) { return state.names[seat] || `Seat ${seat + 1}`; }

function draw() {
  const table = $("table");
  table.replaceChildren();
  const me = state.seat;
  $("extra").hidden = false;
  $("who").textContent = `${names(me)} — ${state.title}`;
  $("status").textContent = statusLine();
  // Over, the heading (a game's end and its secrets turned over: five lines and more)
  // scrolls away with the page: it stood over a sixth of the screen with nothing to play.
  $("top").classList.toggle("over", !!state.over);
  showCount();
  $("note").textContent = state.note;
  $("note").hidden = !state.note;
  const drawer = drawers[state.game];
  if (drawer && cards) drawer(table, state.view, me);
  else if (!drawer) loadDrawer(state.game);
  if (!drawers[state.game] && drawingTrouble) table.prepend(el("p", "trouble", drawingTrouble));
  // The game's coach, in a rehearsal: its chart of this seat's last reviewed choice, put
  // where the game's drawing places it (the result and the drill stay above it).
  const coach = coaches[state.game];
  if (state.coach && coach) coach(table, state.coach);
  if (drillsKept > 0) drawDrill(table); // (under the result, at a match's end)
  if (state.over && state.result) drawResult(table, state.result);
  drawButtons(table);
  markTargets();
  drawMoves();
  drawLog();
}

// "In… can… to!" stands beside the heading while it runs, and "to!" a moment more (as on
// the big screen); then it goes: left there, it read as a count still running. A page
// that joins (or joins again) after the count ran never saw it run: it says no "to!"
// (it stood there 1.5 s after a rejoin in the middle of a casting).
const TO_SHOWN_MS = 1500;
let toSince = 0; // when this page first drew the "to!" of the count under way (0: none)
let sawRunning = false; // this page drew the count before its "to!"
function showCount() {
  const count = (state && state.count) || "";
  const done = count.endsWith("to!");
  if (!done) {
    toSince = 0;
    sawRunning = count !== "";
  } else if (!toSince && sawRunning) {
    toSince = Date.now();
    sawRunning = false;
    setTimeout(showCount, TO_SHOWN_MS + 20);
  }
  const running = count !== "" && (!done || (toSince > 0 && Date.now() - toSince < TO_SHOWN_MS));
  $("count").textContent = running ? count : "";
  $("count").hidden = !running;
}

// The seat's heading, as the desktop's table draws it (table/seat_screen.py); a word of
// the table's (the count, a reveal) stands above it for now.
function statusLine() {
  if (lost) return LOST;
  return state.status || state.heading;
}

// Click moves whose place this page does not draw become buttons, so every move can be made.
function drawButtons(table) {
  const drawn = new Set([...document.querySelectorAll("[data-key]")].map((n) => n.dataset.key));
  const loose = state.gestures.filter((g) => g.click && !drawn.has(keyText(g.target))
    && (g.source === null || !drawn.has(keyText(g.source))));
  if (!loose.length) return;
  const box = el("section", "buttons");
  for (const g of loose) {
    const button = el("button", "", withHint(g));
    button.onclick = () => play(g.action);
    box.append(button);
  }
  table.prepend(box);
}

function markTargets() {
  for (const node of document.querySelectorAll("[data-key]")) {
    node.classList.remove("target", "lifted");
    const k = node.dataset.key;
    if (lifted === k) node.classList.add("lifted");
    const lit = lifted
      ? state.gestures.some((g) => g.source && keyText(g.source) === lifted && keyText(g.target) === k)
      : state.gestures.some((g) => keyText(g.target) === k && g.click) || isSource(JSON.parse(k));
    if (lit) node.classList.add("target");
  }
}

function drawMoves() {
  const box = $("moves");
  box.replaceChildren();
  $("moves-title").textContent = `Your moves (${state.moves.length})`;
  for (const move of state.moves) {
    const button = el("button", "move", withHint(move));
    button.onclick = () => play(move.action);
    box.append(button);
  }
}

function drawLog() {
  const log = $("log");
  log.replaceChildren(...state.log.slice(-40).reverse().map((line) => el("li", "", line)));
}

// "Drill my mistakes": the costliest casting the coach kept of this person's, played
// again; offered by the host only where it may start now.
function drawDrill(table) {
  const box = el("section", "drill");
  const button = el("button", "", `Drill my mistakes (${drillsKept})`);
  button.id = "drill";
  button.onclick = () => { send({ type: "drill" }); notice(""); };
  box.append(button);
  table.prepend(box);
}

function drawResult(table, result) {
  const box = el("section", "result");
  box.append(el("h3", "", "Game over"));
  const winners = (result.winners || []).map(names).join(" and ");
  if (winners) box.append(el("div", "", `${winners} won.`));
  for (const line of result.explanation || []) box.append(el("div", "facts", line));
  table.prepend(box);
}

function section(table, title) {
  const box = el("section");
  if (title) box.append(el("h2", "", title));
  table.append(box);
  return box;
}

function card(key, title, opts = {}) {
  const node = el("div", `piece ${opts.cls || ""}`);
  if (opts.colour) node.style.borderLeftColor = opts.colour;
  // A short label the name already says ("Mush" of "Mushroom", "3" of "3 Gold") is not
  // said twice; a glyph (♣, ▲) is kept.
  const said = opts.symbol && String(title).toLowerCase().includes(String(opts.symbol).toLowerCase());
  if (opts.symbol && !said) node.append(el("span", "sym", opts.symbol + " "));
  node.append(el("b", "", title));
  for (const line of opts.lines || []) node.append(el("div", "num", line));
  return key ? piece(key, node) : node;
}

function zone(key, title, cls) {
  const node = el("div", `zone ${cls || ""}`);
  if (title) node.append(el("div", "facts", title));
  const row = el("div", "row");
  node.append(row);
  if (key) piece(key, node);
  return [node, row];
}

// The heading's note, folded to a line, unfolds whole on a tap (and folds on another).
$("note").onclick = () => $("note").classList.toggle("open");
// The phone back on the network (its Wi-Fi again): the page tries at once instead of
// waiting out its growing wait, up to 10 s after a long cut.
window.addEventListener("online", () => {
  if (again === null || ended) return; // (joined, or a try under way)
  clearTimeout(again);
  retry = RETRY_FIRST;
  connect();
});

connect();
