// The phone's drawing of Odds and evens (its kit's `phone` part): each side's points, the
// last hands, and the two hands to tap, keyed as the gesture map keys them.
"use strict";

drawer((table, v, me) => {
  const facts = section(table, "");
  v.sides.forEach((side, seat) => {
    const chosen = v.chosen.includes(seat) ? " (has chosen)" : "";
    facts.append(el("div", "facts", `${names(seat)} — ${side}: ${v.points[seat]} of ${v.to_win}${chosen}`));
  });
  if (v.last.length) facts.append(el("div", "facts", `Last round: ${v.last.join(" and ")}`));
  const hands = section(table, "Your hand");
  const [box, row] = zone(null, "", "");
  hands.append(box);
  for (const fingers of [1, 2]) {
    row.append(card(["hand", fingers], `${fingers} finger${fingers > 1 ? "s" : ""}`));
  }
});
