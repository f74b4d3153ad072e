// The phone's drawing of Odds and evens (its kit's `phone` part): each side's points, the
// cards still unseen, the last round, and the two hands to tap, keyed as the gesture map
// keys them; and the rehearsal coach's words on this seat's last round.
"use strict";

function drawOdds(table, v, me) {
  const facts = section(table, "");
  v.sides.forEach((side, seat) => {
    const chosen = v.chosen.includes(seat) ? " (has chosen)" : "";
    facts.append(el("div", "facts", `${names(seat)} — ${side}: ${v.points[seat]} points${chosen}`));
  });
  facts.append(el("div", "facts", `Round ${v.round} of ${v.rounds} · cards unseen: ${v.unseen.join(", ") || "none"}`));
  if (v.last) {
    const l = v.last;
    facts.append(el("div", "facts", `Last round: ${l.fingers.join(" and ")}, card ${l.card}: ${l.total}`));
  }
  const hands = section(table, "Your hand");
  const [box, row] = zone(null, "", "");
  hands.append(box);
  for (const fingers of [1, 2]) {
    row.append(card(["hand", fingers], `${fingers} finger${fingers > 1 ? "s" : ""}`));
  }
}

function drawOddsCoach(table, coach) {
  const box = section(table, `Coach — round ${coach.round}`);
  box.classList.add("coach");
  for (const line of coach.said) box.append(el("div", "coach-said", line));
}

drawer(drawOdds, { coach: drawOddsCoach });
