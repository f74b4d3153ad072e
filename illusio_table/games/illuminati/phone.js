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

function structure(box, s, mine) {
  const xs = s.cards.map((c) => c.cell[0]);
  const ys = s.cards.map((c) => c.cell[1]);
  const minX = Math.min(...xs), minY = Math.min(...ys);
  const cols = Math.max(...xs) - minX + 1;
  // Cards share the width of the part they are drawn in (a column of the page when it is
  // held sideways), 72 to 118 px each, wider where a word of a name is ("Agglomeration"
  // ran out past its card held to 118 px); a structure wider still scrolls inside its part.
  const grid = el("div", "grid structure");
  grid.style.gridTemplateColumns = `repeat(${cols}, minmax(min-content, max-content))`;
  for (const c of s.cards) {
    const node = groupCard(c, mine);
    node.style.gridColumn = String(c.cell[0] - minX + 1);
    node.style.gridRow = String(Math.max(...ys) - c.cell[1] + 1);
    node.style.minWidth = "72px";
    grid.append(node);
  }
  box.append(grid);
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
    const specials = s.specials ? ` · ${counted(s.specials, "Special")}` : "";
    box.append(el("h3", "", `${s.name}${s.eliminated ? " (eliminated)" : ""}${specials}`));
    structure(box, s, false);
    table.append(box);
  }
}

drawer(drawIlluminati);
