/**
 * The session daemon's memory of each project's sessions, so that no way of stopping or rebuilding the daemon
 * resets a session policy (a budget, a loop count, a taint) behind the user's back — an agent can run
 * `pkill -f 'hookstream serve'` or touch a settings file as easily as any other command:
 *
 * - a rebuild after a settings edit carries every session's state from the old system to the new one;
 * - a clean stop (idle, SIGTERM, SIGINT) saves the states in the runtime directory, and the next daemon
 *   restores them when it builds that project again;
 * - a session that has policy state is listed in a marker file while the daemon holds it; a daemon that finds
 *   the marker of one that died without saving (SIGKILL, a crash) knows those sessions' states are lost, and
 *   denies their calls, saying why, rather than start their policies from nothing.
 */
import { appendFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { errorText, isRecord } from '../core/guards.js';
import { replaceFileSafely } from '../core/safeWrite.js';
import type { SessionState } from '../session/types.js';
import type { HookSystem } from '../system/createHookSystem.js';
import { sha256 } from '../trust/fileMemo.js';

/** Sessions remembered per project: as many as a hook system's session book keeps. */
const MAX_SESSIONS = 256;

type StatefulSystem = Pick<HookSystem, 'sessionState' | 'restoreSession'>;

export interface ProjectSessions {
  /** Notes an event of `sessionId` after it was decided: a session with policy state joins the marker. */
  seen(system: StatefulSystem, sessionId: string | undefined): void;
  /** Why calls of `sessionId` are denied: its state died with a daemon that could not save it; else undefined. */
  lost(sessionId: string | undefined): string | undefined;
  /** Every known session's state in `system`: taken before a rebuild disposes it. */
  states(system: StatefulSystem): SessionState[];
  /** Continues `states` in the rebuilt `system`. */
  restore(system: StatefulSystem, states: readonly SessionState[]): void;
  /** Saves every known session's state for the next daemon and removes the marker (a clean stop). */
  save(system: StatefulSystem): void;
}

/** A file name for `projectDir`'s files: its name for a reader, a digest of its whole path so two never share. */
export const projectFileStem = (projectDir: string): string =>
  `${basename(projectDir).replace(/[^\w.-]/g, '_')}-${sha256(projectDir).slice(0, 12)}`;

const filesOf = (dir: string, projectDir: string): { saved: string; live: string } => {
  const stem = projectFileStem(projectDir);
  return { saved: join(dir, `${stem}.sessions.json`), live: join(dir, `${stem}.live`) };
};

const readText = (path: string): string | undefined => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
};

/** The states a clean stop saved (read once, then removed so they cannot be restored twice). */
const takeSaved = (path: string): SessionState[] => {
  const text = readText(path);
  if (text === undefined) return [];
  rmSync(path, { force: true });
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((state): state is SessionState => isRecord(state)) : [];
  } catch {
    return [];
  }
};

/**
 * The sessions of `projectDir`, kept in `dir` (the daemon's 0700 runtime directory): restores what the last
 * daemon saved into `system`, and reads which sessions a daemon that died took with it.
 */
export const projectSessions = (dir: string, projectDir: string, system: StatefulSystem): ProjectSessions => {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const { saved, live } = filesOf(dir, projectDir);
  const known = new Set<string>();
  const restoreFailures = new Map<string, string>();
  for (const state of takeSaved(saved)) {
    try {
      system.restoreSession(state);
      known.add(state.sessionId);
    } catch (error) {
      if (typeof state.sessionId === 'string') restoreFailures.set(state.sessionId, errorText(error));
    }
  }
  // Listed by a daemon that did not stop cleanly, and not among the states it saved: gone.
  const listed = (readText(live) ?? '').split('\n').filter((id) => id !== '');
  const lostIds = new Set(listed.slice(-MAX_SESSIONS).filter((id) => !known.has(id) && !restoreFailures.has(id)));
  rmSync(live, { force: true });
  if (known.size > 0) appendFileSync(live, [...known].map((id) => `${id}\n`).join(''), { mode: 0o600 });

  const remember = (sessionId: string): void => {
    known.add(sessionId);
    if (known.size > MAX_SESSIONS) known.delete(known.values().next().value as string);
    appendFileSync(live, `${sessionId}\n`, { mode: 0o600 });
  };
  const statesOf = (from: StatefulSystem): SessionState[] =>
    [...known].flatMap((id) => {
      const state = from.sessionState(id);
      return state === undefined ? [] : [state];
    });

  return {
    seen: (current, sessionId) => {
      if (sessionId === undefined || known.has(sessionId) || lostIds.has(sessionId)) return;
      if (current.sessionState(sessionId) !== undefined) remember(sessionId);
    },
    lost: (sessionId) => {
      if (sessionId === undefined) return undefined;
      const failure = restoreFailures.get(sessionId);
      if (failure !== undefined) return `this session's policy state could not be restored (${failure})`;
      if (!lostIds.has(sessionId)) return undefined;
      return "this session's policy state was lost when the hookstream daemon holding it stopped without saving it (killed?), so its session policies cannot vouch for this call; start a new session";
    },
    states: statesOf,
    restore: (to, states) => {
      for (const state of states) to.restoreSession(state);
    },
    save: (current) => {
      const states = statesOf(current);
      if (states.length > 0) replaceFileSafely(dir, basename(saved), JSON.stringify(states), { mode: 0o600 });
      rmSync(live, { force: true });
      // Lost stays lost: the next daemon must not start these sessions' policies from nothing either.
      if (lostIds.size > 0) appendFileSync(live, [...lostIds].map((id) => `${id}\n`).join(''), { mode: 0o600 });
    },
  };
};
