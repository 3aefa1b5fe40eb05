// Due dates: how a card's due date is shown, on a card, in its details and in the list of cards
// by due date. What a date means now is not decided here: the server sends it with each card
// (`urgency`: "overdue", "today" or "soon"; `dueMark`, its words with a sign; `dueSpoken`, its
// words in a card's name; `dueAt`, the instant, in seconds), from the rule the terminal shows
// (ArrangeBoard's DueDate.Urgency), and sends the board again when a meaning changes (at
// midnight, as a moment passes).

/// What `card`'s due date means now: `{ kind, mark, spoken, time }` where `kind` is "overdue",
/// "today", "soon" or "" (later, or a date in no form the server reads), `mark` says it in
/// words with a sign, `spoken` in a card's name after its date, and `time` is the moment
/// (milliseconds; a plain date counts as the end of that day) or `Infinity`.
export function dueStatus(card) {
  return {
    kind: card.urgency ?? "",
    mark: card.dueMark ?? "",
    spoken: card.dueSpoken ?? "",
    time: Number.isFinite(card.dueAt) ? card.dueAt * 1000 : Infinity,
  };
}

/// The words a due date is shown with: the date, and what it means with a sign (never by
/// colour alone).
export function dueText(text, due) {
  if (!due.kind || !due.mark) return `due ${text}`;
  return due.kind === "overdue" ? `${due.mark} · due ${text}` : `${due.mark} · ${text}`;
}

/// A due date as shown on a card and in the details: `dueText` in an element whose class says
/// its kind (for its colour).
export function dueElement(text, due) {
  const element = document.createElement("span");
  element.className = "due" + (due.kind ? ` due-${due.kind}` : "");
  element.textContent = dueText(text, due);
  return element;
}

/// The cards of `board` with due dates, soonest first (overdue at the top): `{ card, column,
/// due }` each.
export function dueCards(board) {
  const rows = [];
  for (const column of board.columns) {
    for (const card of column.cards) {
      if (card.due) rows.push({ card, column, due: dueStatus(card) });
    }
  }
  return rows.sort((a, b) => a.due.time - b.due.time || a.card.due.localeCompare(b.card.due));
}
