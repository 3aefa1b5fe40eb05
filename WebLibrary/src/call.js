// Calling the app back: an app's callback that throws never interrupts the library's own work.

/** Calls the app's `callback` (if it is one) with `args`, else gives `fallback`; an error it
 * throws reaches the page after the library has finished its own work. */
export const call = (callback, fallback, ...args) => {
  if (typeof callback !== "function") return fallback;
  try {
    return callback(...args);
  } catch (error) {
    queueMicrotask(() => { throw error; });
    return fallback;
  }
};
