/**
 * The crash-loop guard of persistent workers: a worker that dies at start-up would otherwise be
 * respawned for every request. After `limit` unexpected exits within `windowMs`, requests fail at once
 * until `windowMs` has passed since the last of them; then the worker gets a fresh chance.
 */
export interface CrashGuard {
  /** Records an unexpected exit at `now`. */
  record(now: number): void;
  /** Whether requests must fail without starting a worker. */
  tripped(now: number): boolean;
}

export const createCrashGuard = (limit: number, windowMs: number): CrashGuard => {
  let exits: number[] = [];
  let openUntil = -Infinity;
  return {
    record: (now) => {
      exits = [...exits.filter((at) => now - at < windowMs), now];
      if (exits.length < limit) return;
      openUntil = now + windowMs;
      exits = [];
    },
    tripped: (now) => now < openUntil,
  };
};
