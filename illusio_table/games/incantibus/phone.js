// The phone's drawing of Incantibus, its kit's `phone` part (table/kits.py): page.js loads it
// when a seat of Incantibus opens. It draws the seat's view with page.js's
// helpers (section, counted, card, zone, piece, el) and the game's card file (`cards`); it
// knows no rule.
"use strict";

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
  const left = v.phase === "over" ? "" : ` · ${counted(v.castings, "casting")} so far · ${counted(v.rooms_left, "room")} left`;
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

drawer(drawIncantibus);
