// What the page says: the status line (a polite live region, red for an error or a refusal)
// and announcements for screen readers (an assertive live region).

/// The element of the page with id `id`.
export const $ = (id) => document.getElementById(id);

/// Says `message` in the status line (an empty one clears it); `error` shows it as one.
export function status(message, error = false) {
  const line = $("status");
  line.textContent = message;
  line.classList.toggle("error", error);
  delete line.dataset.refusal;
}

/// Says a refusal in the status line, marked as one: it goes once it is no longer true.
export function sayRefusal(message) {
  status(message, true);
  $("status").dataset.refusal = message;
}

/// A refusal the status line still shows, once a drop has landed elsewhere: no longer true.
export function clearRefusal() {
  if ($("status").dataset.refusal === $("status").textContent) status("");
}

/// Has screen readers read `message` at once (the library's announcements come here too).
export function announce(message) {
  if (!message) return;
  const live = $("live");
  // A change of text is what a screen reader reads: clear first so that a repeat is read too.
  live.textContent = "";
  requestAnimationFrame(() => { live.textContent = message; });
  live.dataset.said = message;
}
