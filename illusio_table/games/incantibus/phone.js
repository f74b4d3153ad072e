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

// What defeats a sorcerer, in a few words, as the big screen says it: "werewolf",
// "red potion", "2 spells", "4 weapons", "wand 1–2".
function weakness(kind) {
  const s = (cards.sorcerers || []).find((x) => x.id === kind) || {};
  if (s.max_wand !== undefined && s.max_wand !== null) {
    return s.max_wand > 1 ? `wand 1–${s.max_wand}` : "wand 1";
  }
  return Object.entries(s.needs || {}).map(([need, n]) => {
    let said;
    if (need.startsWith("potion-")) said = `${need.slice(7)} potion`;
    else if (need === "weapon" || need === "spell") said = need + (n > 1 ? "s" : "");
    else said = (tokenLook(need).name || need).toLowerCase();
    return n > 1 ? `${n} ${said}` : said;
  }).join(", ");
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
    d.classList.add("pointing");
    const row = el("div", "row");
    // Each hidden sorcerer by the number the moves fight it by ("Fight hidden sorcerer 9"),
    // each one face up with what defeats it, as the big screen says them.
    for (const s of v.dungeon) {
      const lines = s.face_up ? [`defeated by ${weakness(s.kind)}`] : [`hidden ${s.slot + 1}`];
      row.append(token(["dungeon", s.slot], s, lines));
    }
    d.append(row);
  } else if (v.room) {
    const r = section(table, `The room: ${v.room.name}`);
    r.classList.add("pointing"); // (where the coach's review goes: under what was pointed at)
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
  // The special tokens still to be had, and the sorcerers the dungeon holds, as the big
  // screen shows them (the phone had neither: a person on a phone could not see what
  // Fortuna or Locus would take, nor which monsters and potions the dungeon asks for).
  if (v.special_tokens && v.special_tokens.length) {
    const specials = section(table, "Special tokens");
    const row = el("div", "row");
    v.special_tokens.forEach((t) => row.append(token(null, t)));
    specials.append(row);
  }
  if (!v.dungeon && v.sorcerers && v.sorcerers.length) {
    const shown = v.sorcerers.filter((s) => s.face_up !== false);
    const hidden = v.sorcerers.length - shown.length;
    const d = section(table, `Sorcerers — ${v.sorcerers.length} to face`);
    const row = el("div", "row");
    shown.forEach((s) => row.append(token(null, s, [`defeated by ${weakness(s.kind)}`])));
    d.append(row);
    if (hidden) d.append(el("div", "facts", `${hidden} more still face down`));
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
  // Each target as it truly was, then the spells cast and the room's end: the lines the
  // big screen's Last casting box says, made once by the host (the seat screen's words).
  const told = state.words && state.words.last_casting;
  if (told) {
    const last = section(table, "Last casting");
    for (const line of told.split("\n")) last.append(el("div", "facts", line));
  }
}

// The casting coach's chart of this seat's last reviewed casting (a rehearsal), as the
// desktop's Coach panel draws it (qt/coach_chart.py): a bar a target, from 0 (the best) to
// the points it was behind the best in hindsight; a diamond, the same before the reveal; a
// whisker on each, its interval against the best (one that reaches 0: too close to call);
// yours and the best marked; a legend for every mark. It stands right under the room pointed at, in
// the first screenful, where a player looks after the reveal (at the foot of a page several
// screens tall it went unseen), and the room stays in sight above it for the next casting.
// Folded by a tap on its heading, it stays folded until the next casting's review.
let coachFolded = null; // the casting whose review the person folded

function drawCoach(table, coach) {
  if (!coach.targets) return;
  const box = el("details", "coach");
  box.open = coachFolded !== coach.casting;
  box.ontoggle = () => { coachFolded = box.open ? null : coach.casting; };
  const mine = coach.targets.find((t) => t.chosen);
  const verdict = mine.best ? "your choice was the best" : `your choice was ${mine.behind.toFixed(1)} points behind the best`;
  box.append(el("summary", "", `Coach — casting ${coach.casting}: ${verdict}`));
  const pointed = table.querySelector(".pointing");
  if (pointed) pointed.after(box);
  else table.prepend(box);
  for (const line of coach.said || []) box.append(el("div", "coach-said", line));
  box.append(el("div", "coach-title", "How many points each target was behind the best:"));
  // A whisker's half-width on the bar, and on the diamond (the best's, each way, is
  // against the next one: none drawn).
  const margin = (t) => (t.best ? 0 : t.margin || 0);
  const spread = (t) => (t.behind_before === 0 ? 0 : t.margin_before || 0);
  const ends = [0, 1, ...coach.targets.flatMap((t) => [
    t.behind, t.behind - margin(t), t.behind + margin(t),
    t.behind_before, t.behind_before - spread(t), t.behind_before + spread(t),
  ])];
  const low = Math.min(...ends);
  // The far end on a number of the scale, as on the big screen (the farthest whisker
  // ended past the last number, as if drawn beyond the scale).
  const step = [1, 2, 5, 10, 20, 50].find((s) => Math.max(...ends) / s <= 5) || 100;
  const high = step * Math.ceil(Math.max(...ends) / step - 1e-9);
  // A value's place on the track, in percent, 4 % clear of each edge.
  const place = (v) => 4 + ((v - low) / (high - low)) * 92;
  const at = (v) => `${place(v).toFixed(1)}%`;
  const zero = at(0);
  for (const t of coach.targets) {
    const row = el("div", `coach-row${t.chosen ? " chosen" : ""}${t.best ? " best" : ""}`);
    const marks = `${t.best ? "the best ★" : `${t.behind.toFixed(1)} behind`}${t.chosen ? " (yours)" : ""}`;
    const label = el("span", "coach-label", `${t.words}: `);
    label.append(el("span", "coach-num", marks));
    row.append(label);
    const track = el("span", "coach-track");
    const line = el("span", "coach-zero");
    line.style.left = zero;
    track.append(line);
    if (t.best) {
      const dot = el("span", "coach-dot");
      dot.style.left = zero;
      track.append(dot);
    } else {
      const bar = el("span", "coach-bar");
      bar.style.left = zero;
      bar.style.width = `${(place(t.behind) - place(0)).toFixed(1)}%`;
      track.append(bar);
    }
    const whisker = (cls, value, half) => {
      const mark = el("span", cls);
      mark.style.left = at(value - half);
      mark.style.width = `${(place(value + half) - place(value - half)).toFixed(1)}%`;
      track.append(mark);
    };
    if (margin(t) > 0) whisker("coach-whisker", t.behind, margin(t));
    if (spread(t) > 0) whisker("coach-before-whisker", t.behind_before, spread(t));
    const before = el("span", "coach-before");
    before.style.left = at(t.behind_before);
    track.append(before);
    row.append(track);
    box.append(row);
  }
  // The scale under the bars: 0 (the best), then whole points behind it, each number
  // centred under its place, as the big screen's chart writes them (one number for the
  // far end, written left of where it lay, made the marks beyond it look past the end).
  const scale = el("div", "coach-row coach-scale");
  scale.append(el("span", ""));
  const ruler = el("span", "coach-ruler");
  for (let v = 0; v <= high + 1e-9; v += step) {
    const number = el("span", "coach-nought", `${v}`);
    number.style.left = at(v);
    ruler.append(number);
  }
  scale.append(ruler);
  box.append(scale);
  const legend = el("div", "coach-legend");
  for (const [mark, words] of [
    ["coach-bar", "Bar: points behind the best, given what the others chose"],
    ["coach-before", "Diamond: points behind the best before the reveal, as they were likely to choose"],
    ["coach-whisker", "Whisker: the coach's ± on a bar or a diamond — one that reaches 0 is too close to call"],
    ["coach-bar yours", "Your choice"],
    ["coach-dot", "The best ★ (0)"],
  ]) {
    const item = el("div", "coach-key");
    const sample = el("span", "coach-sample");
    sample.append(el("span", mark));
    item.append(sample, el("span", "", words));
    legend.append(item);
  }
  box.append(legend);
  // Every casting's cost, or the last eight saying so (not as if they were all).
  const shown = coach.costs.slice(-8);
  const costs = shown.map((c) => c.toFixed(1)).join(", ");
  const which = shown.length < coach.costs.length ? `, the last ${shown.length} of ${coach.costs.length}` : "";
  box.append(el("div", "facts", `Cost a casting (points)${which}: ${costs}; average ${coach.average.toFixed(1)}`));
  // The person's own past rehearsals, this one the last: do they make fewer mistakes?
  const past = coach.past || [];
  if (past.length > 1) {
    const first = past[0].toFixed(1);
    const last = past[past.length - 1].toFixed(1);
    box.append(el("div", "facts", `Average cost, your last ${past.length} rehearsals: ${first}\u00a0→\u00a0${last}`));
    box.append(pastLine(past));
  }
}

function pastLine(values) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("class", "coach-past");
  svg.setAttribute("viewBox", "0 0 100 30");
  svg.setAttribute("preserveAspectRatio", "none");
  const high = Math.max(...values, 0.1);
  const step = 100 / (values.length - 1);
  const line = document.createElementNS(ns, "polyline");
  line.setAttribute("points", values.map((v, i) => `${i * step},${28 - (v / high) * 26}`).join(" "));
  line.setAttribute("fill", "none");
  line.setAttribute("stroke", "#ffb300");
  line.setAttribute("stroke-width", "2");
  line.setAttribute("vector-effect", "non-scaling-stroke");
  svg.append(line);
  return svg;
}

drawer(drawIncantibus, { coach: drawCoach });
