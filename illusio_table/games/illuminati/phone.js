// The phone's drawing of Illuminati, its kit's `phone` part (table/kits.py): page.js loads it
// when a seat of Illuminati opens. It draws the seat's view with page.js's
// helpers (section, counted, card, zone, piece, el) and the game's card file (`cards`); it
// knows no rule.
"use strict";

function groupLook(id) {
  const base = id.split("#")[0];
  return cards.groups.find((g) => g.id === base) || cards.illuminati.find((g) => g.id === base) || null;
}

function groupCard(c, mine) {
  const look = groupLook(c.id) || {};
  const align = (look.alignments || []).map((a) => (cards.alignments.find((x) => x.id === a) || {}).name || a);
  const lines = [];
  // Each letter kept with its number by a no-break space ("I" and "9" fell on two lines).
  // (an option's Power too: the UFOs with hidden goals, as the attacks count it)
  if (look.power !== undefined) lines.push(`P\u00a0${look.power + (c.power_bonus || 0)}/${look.transferable} · R\u00a0${look.resistance ?? "–"} · I\u00a0${look.income}`);
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

// Where a card hangs from its master, in words, by their cells (y counts upwards).
const SIDE_WORDS = { "-1,0": "Left of", "1,0": "Right of", "0,1": "Above", "0,-1": "Below" };

function structure(box, s, mine) {
  const xs = s.cards.map((c) => c.cell[0]);
  const ys = s.cards.map((c) => c.cell[1]);
  const minX = Math.min(...xs), maxY = Math.max(...ys);
  const cols = Math.max(...xs) - minX + 1;
  // Cards share the width of the part they are drawn in (a column of the page when it is
  // held sideways), 72 px at least, wider where a word of a name is ("Agglomeration"
  // ran out past its card held to 118 px).
  const grid = el("div", "grid structure");
  grid.style.gridTemplateColumns = `repeat(${cols}, minmax(min-content, max-content))`;
  const placed = [];
  for (const c of s.cards) {
    const node = groupCard(c, mine);
    node.style.gridColumn = String(c.cell[0] - minX + 1);
    node.style.gridRow = String(maxY - c.cell[1] + 1);
    node.style.minWidth = "72px";
    grid.append(node);
    placed.push([c, node]);
  }
  box.append(grid);
  // A structure wider than its part is folded, not scrolled sideways (a card at the right
  // edge of a phone showed "Evil Genius… / Tomor…" and its "15 MB" cut): its cards wrap
  // in rows from the Illuminati outwards, each saying where it hangs. The words keep
  // their size (12 px at least), which scaling the structure down would not.
  if (!box.isConnected || grid.scrollWidth <= grid.clientWidth + 1) return;
  const byId = new Map(s.cards.map((c) => [c.id, c]));
  const depth = (c) => (c.master == null || !byId.has(c.master) ? 0 : 1 + depth(byId.get(c.master)));
  grid.classList.add("folded");
  grid.style.gridTemplateColumns = "";
  Object.assign(grid.style, { display: "flex", flexWrap: "wrap", alignItems: "flex-start" });
  placed.sort((a, b) => depth(a[0]) - depth(b[0]));
  for (const [c, node] of placed) {
    node.style.gridColumn = node.style.gridRow = "";
    const master = byId.get(c.master);
    if (master) {
      const side = SIDE_WORDS[`${c.cell[0] - master.cell[0]},${c.cell[1] - master.cell[1]}`] || "Under";
      const name = master.name || (groupLook(master.id) || {}).name || master.id;
      node.querySelector(":scope > b").after(el("div", "num hang", `${side} ${name}`));
    }
    grid.append(node);
  }
}

function drawIlluminati(table, v, me) {
  const facts = section(table, "");
  const goal = v.my_goal ? ` · your goal: ${(groupLook(v.my_goal) || {}).name || v.my_goal}` : "";
  facts.append(el("div", "facts", `${state.words.turn}${goal}`)); // the desktop's turn line
  if (v.attack) {
    const a = v.attack;
    const panel = el("div", "panel");
    panel.append(el("b", "", `${names(a.seat)} attacks (${a.how}): ${(groupLook(a.attacker) || {}).name || a.attacker} → ${(groupLook(a.target) || {}).name || a.target}`));
    for (const [words, value] of a.lines || []) {
      const line = el("div", "line");
      line.append(el("span", "", words), el("span", "", value > 0 ? `+${value}` : String(value)));
      panel.append(line);
    }
    if (state.words.attack_needs) panel.append(el("div", "", state.words.attack_needs)); // the host's words
    facts.append(panel);
  }
  // The dice with the attack they belong to, in the host's words ("Last roll 12: failed"
  // stayed under the next attack, as if it were that one's).
  if (state.words.last_roll) facts.append(el("div", "facts", state.words.last_roll));
  const mine = v.structures.find((s) => s.seat === me);
  if (mine) {
    const box = piece(["seat", me], el("section", "seat me"));
    box.append(el("h3", "", `Your Power Structure — ${mine.name}`));
    table.append(box); // (in the page first: the structure measures its room)
    structure(box, mine, true);
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
    const specials = s.specials ? ` · ${counted(s.specials, "Special")}` : "";
    box.append(el("h3", "", `${s.name}${s.eliminated ? " (eliminated)" : ""}${specials}`));
    table.append(box);
    structure(box, s, false);
  }
}

drawer(drawIlluminati);

// A phone turned (or a window narrowed) is drawn again: a structure folded to an upright
// phone's width unfolds where there is room, and the other way round.
let drawnWidth = window.innerWidth;
window.addEventListener("resize", () => {
  if (window.innerWidth === drawnWidth || !state) return;
  drawnWidth = window.innerWidth;
  draw();
});
