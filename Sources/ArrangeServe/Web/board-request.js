// Asking the server, with the board's key: the one place the page makes an HTTP request, so
// that the entry can ask for the board before the rest of the page has loaded.

/// The key in the page's address (`#token=…`), or "".
export const tokenInAddress = () => new URLSearchParams(location.hash.slice(1)).get("token") || "";

/// Asks the server for `path` with `state.token`, the board's key; never from a cache.
export function request(state, path, options = {}) {
  const headers = Object.assign({ "X-Arrange-Token": state.token }, options.headers || {});
  return fetch(path, Object.assign({}, options, { headers, cache: "no-store" }));
}
