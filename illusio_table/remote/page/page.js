// The page of a seat on a device. It knows no rule: the host sends this seat's view, its
// log, its moves with their words and the gestures that make them (the same gesture maps
// the desktop table uses), and this page draws the view and offers those gestures as
// taps: tap a piece to lift it (its places light up in gold), tap a place to put it
// there; tap a piece or a button to play a move made by a click. Every text is set as
// text, never as markup.
"use strict";

const $ = (id) => document.getElementById(id);
const keyText = (key) => JSON.stringify(key);

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
// A lost connection is retried with a growing wait (a dead code is not hammered); a page
// told it no longer plays its seat stops for good and says what to do.

const code = location.pathname.split("/")[2] || "";
let socket = null;
let cards = null; // the game's card file: names, colours, symbols, numbers
let cardsGame = "";
let state = null;
let waiting = null; // a state that came before its game's card file
let lastSeq = 0; // the newest frame taken on this connection
let lifted = null; // the key (as text) of the piece picked up
let retry = 1000;
let tries = 0;
let ended = false;
let lost = false; // the connection is down: nothing can be played until it is back
let refusalShown = false; // a refusal is on screen, and the state that comes with it not yet
const LOST = "Connection lost: joining again…";

function connect() {
  if (ended) return;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/seat/${code}/ws`);
  socket.onopen = () => { retry = 1000; tries = 0; lastSeq = 0; lost = false; notice(""); };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = () => {
    if (ended) return;
    tries += 1;
    if (tries >= 8) return stop("The big screen does not answer this page any more.");
    lost = true;
    offerNothing({ count: "" }); // nothing stale is offered
    $("status").textContent = LOST;
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 30000);
  };
}

function receive(message) {
  if (typeof message.seq === "number") {
    if (message.seq <= lastSeq) return; // older than what is drawn, or twice
    lastSeq = message.seq;
  }
  if (message.type === "cards") {
    cards = message.cards;
    cardsGame = message.game;
    if (waiting) { const next = waiting; waiting = null; show(next); }
  } else if (message.type === "state") {
    if (!cards || cardsGame !== message.game) {
      waiting = message;
      send({ type: "cards" });
      return;
    }
    show(message);
  } else if (message.type === "confirm") {
    // A new match with the same people: the last table (and its result) stays drawn
    // until the person says the new seat is theirs.
    offerNothing({ status: "A new match: confirm your seat." });
    const sheet = $("sheet");
    sheet.replaceChildren(el("p", "", `A new match begins on the big screen: ${message.title}.`));
    const yes = el("button", "", `I am ${message.name}: show my seat`);
    yes.onclick = () => { hideSheet(); send({ type: "confirm" }); };
    sheet.append(yes, el("p", "", `Not ${message.name}? Ask at the big screen for your own seat's code.`));
    sheet.hidden = false;
  } else if (message.type === "status") {
    offerNothing({ status: message.status }); // the big screen is revealing
  } else if (message.type === "refused") {
    notice(message.reason);
    refusalShown = true;
  } else if (message.type === "closed") {
    stop(message.reason);
  }
}

// The table stays drawn as it stood, and nothing on it can be tapped: the connection is
// down, the big screen reveals, or a new match waits for its seat to be confirmed.
function offerNothing(changes) {
  if (!state) return;
  lifted = null;
  hideSheet();
  state = { ...state, gestures: [], moves: [], ...changes };
  draw();
}

function show(message) {
  state = message;
  // A refusal comes with the state it was measured against (sent right after it): that
  // one keeps it on screen; the next state is a new moment, and the refusal goes.
  if (refusalShown) refusalShown = false;
  else notice("");
  if (lifted && !state.gestures.some((g) => g.source && keyText(g.source) === lifted)) lifted = null;
  draw();
}

// The page no longer plays a seat: it says why and what to do, and draws nothing more.
function stop(reason) {
  ended = true;
  state = null;
  hideSheet();
  $("who").textContent = "Illusio Table";
  $("status").textContent = "This page no longer plays a seat.";
  $("count").hidden = true;
  $("note").hidden = true;
  $("table").replaceChildren(
    el("p", "ended", reason),
    el("p", "ended", "To play again, scan your seat's new code on the big screen (ask for it there: “Take back”, then “Play on a phone”)."),
  );
  $("moves").replaceChildren();
  $("moves-title").textContent = "Your moves";
  $("log").replaceChildren();
  notice("");
  if (socket) socket.close();
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function play(action) {
  if (!socket || socket.readyState !== WebSocket.OPEN || !state) return;
  send({ type: "act", action, version: state.version });
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

function names(seat) { return state.names[seat] || `Seat ${seat + 1}`; }

function draw() {
  const table = $("table");
  table.replaceChildren();
  const me = state.seat;
  $("who").textContent = `${names(me)} — ${state.title}`;
  $("status").textContent = statusLine();
  $("count").textContent = state.count;
  $("count").hidden = !state.count;
  $("note").textContent = state.note;
  $("note").hidden = !state.note;
  const drawer = { illusio: drawIllusio, incantibus: drawIncantibus, illuminati: drawIlluminati }[state.game];
  if (drawer && cards) drawer(table, state.view, me);
  if (state.over && state.result) drawResult(table, state.result);
  drawButtons(table);
  markTargets();
  drawMoves();
  drawLog();
}

function statusLine() {
  if (lost) return LOST;
  if (state.status) return state.status;
  if (state.over) return "Game over.";
  if (state.prompt) return state.prompt; // the decision in the game's words
  if (state.awaited.includes(state.seat)) {
    if (state.moves.length === 1) return `Your move: ${state.moves[0].words}.`;
    return `Your move: ${state.moves.length} to choose from (tap a piece, or see Your moves).`;
  }
  const others = state.awaited.map(names);
  return others.length ? `Waiting for ${others.join(" and ")}.` : "Waiting…";
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

// -- Illusio ---------------------------------------------------------------------------------

function illusioLook(kind) {
  const c = cards;
  const comp = c.components.find((x) => x.id === kind);
  const group = comp ? c.groups.find((g) => g.id === comp.group) : c.groups.find((g) => g.id === kind);
  const special = c.specials.find((x) => x.id === kind);
  return {
    colour: group ? group.colour : "#777",
    symbol: (comp && comp.symbol) || (special && special.symbol) || (group && group.symbol) || "",
    special: Boolean(special),
    // What the Objectives ask for: a card's group (or that it is a Special), in words.
    kind: special ? "Special" : !group ? ""
      : (group.types || []).includes(kind) ? `group: ${group.name}` : `group: ${group.name} · no type`,
  };
}

function illusioCard(c) {
  const look = illusioLook(c.now || c.kind);
  const lines = look.kind ? [look.kind] : [];
  if (c.now && c.now !== c.kind) lines.push(`now ${c.now}`);
  return card(["card", c.id], c.name, { colour: look.colour, symbol: look.symbol, cls: look.special ? "dark" : "", lines });
}

function objective(o, key) {
  const domain = cards.domains.find((d) => d.id === o.domain);
  const needs = (o.needs || []).map((n) => {
    const found = cards.components.find((x) => x.id === n) || cards.groups.find((g) => g.id === n);
    return found ? found.name : n;
  });
  return card(key, o.name, {
    colour: domain ? domain.colour : "#777", symbol: domain ? domain.symbol : "",
    lines: [`${domain ? domain.name : o.domain} · level ${o.level}`, `needs ${needs.join(", ")}`],
  });
}

function drawIllusio(table, v, me) {
  const facts = section(table, "");
  facts.append(el("div", "facts",
    `Turn ${v.turn} · ${v.actions_left} action(s) left · ${v.target} points to win · hand limit ${v.hand_limit}`));
  const contest = section(table, "The Contest");
  const row = el("div", "row");
  for (const o of v.contest) row.append(objective(o, ["objective", o.id]));
  contest.append(row);
  const piles = el("div", "row");
  piles.append(card(["deck"], "Deck", { cls: "back", lines: [`${v.deck} cards`] }));
  const top = v.discard.length ? v.discard[v.discard.length - 1].name : "empty";
  piles.append(card(["discard"], "Discard", { lines: [`top: ${top}`, `${v.discard.length} card${v.discard.length === 1 ? "" : "s"}`] }));
  contest.append(piles);
  const hand = section(table, `Your hand (${(v.hand || []).length})`);
  const handRow = el("div", "row");
  for (const c of v.hand || []) handRow.append(illusioCard(c));
  hand.append(handRow);
  const seats = section(table, "The magicians");
  v.seats.forEach((s, i) => {
    const box = piece(["seat", i], el("div", `seat ${i === me ? "me" : ""}`));
    box.append(el("h3", "", `${s.name}${i === me ? " (you)" : ""} · ${s.score} points`));
    const m = s.magician;
    const used = s.talent_used === null ? "" : s.talent_used ? " (used this round)" : "";
    const mag = card(i === me ? ["magician", i] : null, m.name, { cls: "dark", lines: [m.text + used] });
    mag.style.maxWidth = "100%";
    box.append(mag);
    box.append(el("div", "facts", `${s.hand} card(s) in hand`));
    const [back, backRow] = zone(["backstage", i], "Backstage");
    for (const c of s.backstage) backRow.append(illusioCard(c));
    box.append(back);
    for (const w of s.works) {
      const [work, workRow] = zone(null, `${w.displayed ? "On display" : "Being built"} · ${w.missing} missing`);
      workRow.append(objective(w.objective, ["objective", w.objective.id]));
      for (const c of w.components) workRow.append(illusioCard(c));
      for (const c of w.specials) workRow.append(illusioCard(c));
      box.append(work);
    }
    const [tricks, trickRow] = zone(["tricks", i], `Tricks (${s.validated.length})`);
    for (const o of s.validated) trickRow.append(objective(o, null));
    box.append(tricks);
    seats.append(box);
  });
}

// -- Incantibus ------------------------------------------------------------------------------

function tokenLook(kind) {
  const found = (cards.tokens || []).find((t) => t.id === kind)
    || (cards.specials || []).find((t) => t.id === kind)
    || (cards.potions || []).find((t) => t.id === kind)
    || (cards.sorcerers || []).find((t) => t.id === kind);
  return found || {};
}

function token(key, t, extraLines) {
  if (t.face_up === false) return card(key, "?", { cls: "back token", lines: extraLines || ["face down"] });
  const look = tokenLook(t.kind);
  const lines = [t.points ? `${t.points} point${t.points === 1 ? "" : "s"}` : ""].concat(extraLines || []).filter(Boolean);
  const node = card(key, t.name, { colour: look.colour, symbol: look.symbol, cls: "token", lines });
  return node;
}

// A satchel as the desktop draws it: a row a kind of cell, its tokens in their cells, the
// empty cells still free, a token with no room in a cell marked so, the new one marked NEW.
const CELL_ROWS = [["ingredient", "Ingredients"], ["weapon", "Weapons"], ["monster", "Monsters"],
  ["gold", "Gold"], ["potion", "Potions"], ["book", "Books"], ["purse", "Purse"]];

function satchelCells(sat, newId) {
  const byId = new Map(sat.tokens.map((t) => [t.id, t]));
  const box = el("div", "cells");
  for (const [cell, label] of CELL_ROWS) {
    if (!(cell in sat.capacity)) continue;
    const row = el("div", "cellrow");
    row.append(el("span", "celllabel", label));
    const ids = sat.cells[cell] || [];
    const room = sat.capacity[cell];
    for (let n = 0; n < Math.max(room, ids.length); n += 1) {
      if (n < ids.length) {
        const t = byId.get(ids[n]);
        const node = token(["token", t.id], { ...t, face_up: true }, n >= room ? ["no room"] : []);
        if (n >= room) node.classList.add("noroom");
        if (t.id === newId) node.prepend(el("span", "newtag", "NEW"));
        row.append(node);
      } else {
        row.append(el("span", "cell", ""));
      }
    }
    box.append(row);
  }
  const stacks = [["spell", "Spells"], ["sorcerer", "Sorcerers"]].map(([cell, label]) => {
    const ids = sat.cells[cell] || [];
    const named = ids.map((id) => (byId.get(id) || {}).name).filter(Boolean);
    return `${label}: ${ids.length}${named.length ? ` (${named.join(", ")})` : ""}`;
  });
  box.append(el("div", "facts", stacks.join(" · ")));
  return box;
}

function drawIncantibus(table, v, me) {
  const facts = section(table, "");
  const left = v.phase === "over" ? "" : ` · ${v.castings} casting(s) so far · ${v.rooms_left} room(s) left`;
  facts.append(el("div", "facts", `${v.mode} mode${left}`));
  if ((v.decision || v.my_choice) && state.prompt) facts.append(el("div", "hidden-choice", state.prompt));
  const chosen = (v.chosen || []).filter((s) => s !== me).map(names);
  if (chosen.length) facts.append(el("div", "facts", `Chosen: ${chosen.join(", ")}`));
  const wands = section(table, "Wands");
  const wandRow = el("div", "row");
  v.wands.forEach((w, s) => {
    const node = card(s === me ? ["wand", s] : null, `${names(s)}`, { cls: "wand", lines: [`wand ${w}`] });
    wandRow.append(node);
  });
  wands.append(wandRow);
  if (v.dungeon) {
    const d = section(table, "The dungeon");
    const row = el("div", "row");
    for (const s of v.dungeon) row.append(token(["dungeon", s.slot], s));
    d.append(row);
  } else if (v.room) {
    const r = section(table, `The room: ${v.room.name}`);
    const row = el("div", "row");
    for (const t of v.room.tokens) row.append(token(["room", t.slot], t, t.face_up ? [] : [`secret ${t.slot + 1}`]));
    r.append(row);
  }
  const shop = section(table, "Potions and books");
  const shopRow = el("div", "row");
  // An empty space (null) is drawn as nothing: the supply has run out there.
  v.potions.forEach((p, i) => p && shopRow.append(token(["potion", i], p, [`needs ${p.recipe.join(" + ")}`])));
  v.books.forEach((b, i) => b && shopRow.append(token(["book", i], b, b.needs !== b.name ? [b.needs] : [])));
  shop.append(shopRow);
  if (v.spell_cards && v.spell_cards.length) {
    const spells = section(table, "Spell cards");
    const row = el("div", "row");
    v.spell_cards.forEach((s, i) => {
      const text = (cards.spells || []).find((x) => x.id === s.kind);
      row.append(card(["spell", i], s.name, { cls: "dark", lines: text ? [text.text] : [] }));
    });
    spells.append(row);
  }
  const sats = section(table, "Satchels");
  v.satchels.forEach((sat, s) => {
    const box = piece(["seat", s], el("div", `seat ${s === me ? "me" : ""}`));
    const points = v.points[s] === 1 ? "1 point" : `${v.points[s]} points`;
    box.append(el("h3", "", `${names(s)}${s === me ? " (you)" : ""} · ${points}`));
    const overflow = v.decision && v.decision.kind === "overflow" && v.decision.seat === s;
    if (overflow) box.append(el("div", "full", "The satchel is full: one token must go into the moat."));
    box.append(satchelCells(sat, overflow ? v.decision.token : null));
    sats.append(box);
  });
  const moat = section(table, "The moat");
  const kinds = new Map();
  for (const t of v.moat) kinds.set(t.kind, [...(kinds.get(t.kind) || []), t]);
  const moatRow = el("div", "row");
  for (const [kind, all] of kinds) moatRow.append(token(["moat", kind], all[0], [`× ${all.length}`]));
  if (!v.moat.length) moatRow.append(el("div", "facts", "empty"));
  moat.append(moatRow);
  if (v.last_casting && v.last_casting.length) {
    const last = section(table, "Last casting");
    for (const c of v.last_casting) last.append(el("div", "facts", c.line));
  }
}

// -- Illuminati ------------------------------------------------------------------------------

function groupLook(id) {
  const base = id.split("#")[0];
  return cards.groups.find((g) => g.id === base) || cards.illuminati.find((g) => g.id === base) || null;
}

function groupCard(c, mine) {
  const look = groupLook(c.id) || {};
  const align = (look.alignments || []).map((a) => (cards.alignments.find((x) => x.id === a) || {}).name || a);
  const lines = [];
  if (look.power !== undefined) lines.push(`P ${look.power}/${look.transferable} · R ${look.resistance ?? "–"} · I ${look.income}`);
  if (align.length) lines.push(align.join(", "));
  const colour = look.alignments && look.alignments.length
    ? (cards.alignments.find((x) => x.id === look.alignments[0]) || {}).colour : "#8a7a3a";
  const node = card(["group", c.id], c.name || look.name || c.id, { colour, lines });
  if (c.money !== undefined && c.money !== null) {
    const chip = piece(["money", c.id], el("span", "chip", `${c.money} MB`));
    node.append(chip);
  }
  if (mine && c.free_arrows && c.free_arrows.length) {
    const arrows = el("div", "arrows");
    for (const side of c.free_arrows) arrows.append(piece(["arrow", c.id, side], el("span", "arrow", `→ ${side}`)));
    node.append(arrows);
  }
  return node;
}

function structure(box, s, mine) {
  const xs = s.cards.map((c) => c.cell[0]);
  const ys = s.cards.map((c) => c.cell[1]);
  const minX = Math.min(...xs), minY = Math.min(...ys);
  const cols = Math.max(...xs) - minX + 1;
  const grid = el("div", "grid");
  const width = Math.max(56, Math.min(118, Math.floor((Math.min(window.innerWidth, 700) - 40) / cols) - 4));
  grid.style.gridTemplateColumns = `repeat(${cols}, ${width}px)`;
  for (const c of s.cards) {
    const node = groupCard(c, mine);
    node.style.gridColumn = String(c.cell[0] - minX + 1);
    node.style.gridRow = String(Math.max(...ys) - c.cell[1] + 1);
    node.style.minWidth = "0";
    grid.append(node);
  }
  box.append(grid);
}

function drawIlluminati(table, v, me) {
  const facts = section(table, "");
  const goal = v.my_goal ? ` · your goal: ${(groupLook(v.my_goal) || {}).name || v.my_goal}` : "";
  facts.append(el("div", "facts", `${names(v.current)}'s turn · ${v.actions_left} action(s) left${goal}`));
  if (v.attack) {
    const a = v.attack;
    const panel = el("div", "panel");
    panel.append(el("b", "", `${names(a.seat)} attacks (${a.how}): ${(groupLook(a.attacker) || {}).name || a.attacker} → ${(groupLook(a.target) || {}).name || a.target}`));
    for (const [words, value] of a.lines || []) {
      const line = el("div", "line");
      line.append(el("span", "", words), el("span", "", value > 0 ? `+${value}` : String(value)));
      panel.append(line);
    }
    if (state.attack_needs) panel.append(el("div", "", state.attack_needs)); // the host's words
    facts.append(panel);
  }
  if (v.outcome) facts.append(el("div", "facts", `Last roll ${v.outcome.roll}: ${v.outcome.result}`));
  const mine = v.structures.find((s) => s.seat === me);
  if (mine) {
    const box = piece(["seat", me], el("section", "seat me"));
    box.append(el("h3", "", `Your Power Structure — ${mine.name}`));
    structure(box, mine, true);
    table.append(box);
  }
  if (v.my_specials && v.my_specials.length) {
    const specials = section(table, "Your Specials");
    const row = el("div", "row");
    for (const id of v.my_specials) {
      const look = cards.specials.find((s) => s.id === id.split("#")[0]) || {};
      row.append(card(["special", id], look.name || id, { cls: "dark", lines: look.text ? [look.text] : [] }));
    }
    specials.append(row);
  }
  const [free, freeRow] = zone(["uncontrolled"], "Uncontrolled Groups");
  for (const id of v.uncontrolled) freeRow.append(groupCard({ id }, false));
  section(table, "").append(free);
  for (const s of v.structures) {
    if (s.seat === me) continue;
    const box = piece(["seat", s.seat], el("section", "seat"));
    const specials = s.specials ? ` · ${s.specials} Special(s)` : "";
    box.append(el("h3", "", `${s.name}${s.eliminated ? " (eliminated)" : ""}${specials}`));
    structure(box, s, false);
    table.append(box);
  }
}

connect();
