// The phone's drawing of Illusio, its kit's `phone` part (table/kits.py): page.js loads it
// when a seat of Illusio opens. It draws the seat's view with page.js's
// helpers (section, counted, card, zone, piece, el) and the game's card file (`cards`); it
// knows no rule.
"use strict";

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
  // Named by what it is now, as the desktop's card says it ("Rope, was Dove"): titled by its
  // printed kind, with "now rope" (the kind's id) under it, it read as a Dove.
  const turned = c.now && c.now !== c.kind;
  if (turned) lines.push(`was ${c.name}`);
  const name = turned ? c.now_name || c.now : c.name;
  return card(["card", c.id], name, { colour: look.colour, symbol: look.symbol, cls: look.special ? "dark" : "", lines });
}

function objective(o, key) {
  const domain = cards.domains.find((d) => d.id === o.domain);
  // As the desktop's card says them: a type by its name, a group as "any of the Tricks".
  const needs = (o.needs || []).map((n) => {
    const kind = cards.components.find((x) => x.id === n);
    const group = cards.groups.find((g) => g.id === n);
    if (kind) return kind.name;
    return group ? ((group.types || []).length ? `any of the ${group.name}` : group.name) : n;
  });
  return card(key, o.name, {
    colour: domain ? domain.colour : "#777", symbol: domain ? domain.symbol : "",
    lines: [`${domain ? domain.name : o.domain} · level ${o.level}`, `needs ${needs.join(", ")}`],
  });
}

function drawIllusio(table, v, me) {
  const facts = section(table, "");
  facts.append(el("div", "facts", state.words.turn)); // whose turn, as the desktop says it
  const contest = section(table, "The Contest");
  // The rulebook's accuracy rule, which the desktop's large card says with its example.
  contest.append(el("p", "", "Any card of a named Component's group may stand in for it, without the +1 point the named card itself earns."));
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
    // As wide as the seat, its name and talent across it: held to a card's column (95 px)
    // in a box of the seat's width, Fingers Malone's talent ran to nine lines.
    mag.style.maxWidth = "100%";
    for (const line of mag.children) line.style.maxWidth = "none";
    box.append(mag);
    box.append(el("div", "facts", `${counted(s.hand, "card")} in hand`));
    const [back, backRow] = zone(["backstage", i], "Backstage");
    for (const c of s.backstage) backRow.append(illusioCard(c));
    box.append(back);
    for (const w of s.works) {
      // What it still lacks, named as the desktop's tooltip names it ("1 missing" left
      // a person to work out which).
      const lacks = state.words[`missing ${w.objective.id}`] || `${w.missing}`;
      // At the end, what became of it: a trick is scored at its owner's next turn, which
      // never came (it said "On display" as if it still would be).
      const over = v.phase === "over";
      const title = w.displayed
        ? over ? "On display when the game ended · not scored" : "On display"
        : over ? `Not finished · missing: ${lacks} · no points` : `Being built · missing: ${lacks}`;
      const [work, workRow] = zone(null, title);
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

drawer(drawIllusio);
