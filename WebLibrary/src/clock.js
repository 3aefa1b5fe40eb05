// The time the engine is told.

/** Now, in seconds (the engine's clock). */
export const now = () => performance.now() / 1000;
