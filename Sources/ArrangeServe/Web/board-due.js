// Due dates: what a card's due date means today (overdue, today, soon) and how it is shown, on
// a card, in its details and in the list of cards by due date.

const DAY = 86400000;
/// How many days ahead a due date counts as soon (after today).
const SOON_DAYS = 3;

/// What a due date means now: `{ kind, mark, spoken, time }` where `kind` is "overdue",
/// "today", "soon" or "" (later, or a date in no form the page reads), `mark` says it in words
/// on the card, `spoken` in a card's name after its date, and `time` is
/// the moment (milliseconds; a plain date counts as the end of that day) or `Infinity`.
/// The board's files hold `YYYY-MM-DD` (a day, local) or `YYYY-MM-DD HH:MM UTC` (a moment), as
/// taskell writes them; the terminal marks the same dates the same way.
export function dueStatus(text, now = new Date()) {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::\d{2})?\s*(UTC|Z)?)?$/.exec(text.trim());
  const none = { kind: "", mark: "", spoken: "", time: Infinity };
  if (!match || Number(match[2]) < 1 || Number(match[2]) > 12 || Number(match[3]) < 1 ||
    Number(match[3]) > 31) return none;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  let time;
  let dayStart;
  if (match[4] != null) {
    const [hour, minute] = [Number(match[4]), Number(match[5])];
    time = match[6] ? Date.UTC(year, month, day, hour, minute) : new Date(year, month, day, hour, minute).getTime();
    const local = new Date(time);
    dayStart = new Date(local.getFullYear(), local.getMonth(), local.getDate()).getTime();
    if (Number.isNaN(time)) return none;
    if (time < now.getTime()) return { kind: "overdue", mark: "overdue", spoken: "overdue", time };
  } else {
    dayStart = new Date(year, month, day).getTime();
    time = dayStart + DAY - 1;
    if (Number.isNaN(time)) return none;
    if (dayStart < startOfToday) return { kind: "overdue", mark: "overdue", spoken: "overdue", time };
  }
  // Whole days from today, counted on the calendar (a day with a clock change is still one).
  const days = Math.round((dayStart - startOfToday) / DAY);
  if (days === 0) return { kind: "today", mark: "due today", spoken: "today", time };
  if (days <= SOON_DAYS) {
    const when = days === 1 ? "tomorrow" : `in ${days} days`;
    return { kind: "soon", mark: `due ${when}`, spoken: when, time };
  }
  return { ...none, time };
}

/// The words a due date is shown with: the date, and what it means with a sign (never by
/// colour alone).
export function dueText(text, due) {
  return {
    overdue: `⚠ overdue · due ${text}`,
    today: `◷ due today · ${text}`,
    soon: `◷ ${due.mark} · ${text}`,
  }[due.kind] || `due ${text}`;
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
export function dueCards(board, now = new Date()) {
  const rows = [];
  for (const column of board.columns) {
    for (const card of column.cards) {
      if (card.due) rows.push({ card, column, due: dueStatus(card.due, now) });
    }
  }
  return rows.sort((a, b) => a.due.time - b.due.time || a.card.due.localeCompare(b.card.due));
}
