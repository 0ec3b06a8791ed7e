/**
 * The session daemon's hook system per project: built from hookstream's own settings files on the project's
 * first event, rebuilt when one of them changes (its sessions' states carried over), and closed with the daemon
 * (its sessions saved for the next one, lib/tools/daemonSessions.ts).
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { standardSettingsFiles } from '../config/index.js';
import type { SessionState } from '../session/types.js';
import { createHookSystem, type HookSystem } from '../system/createHookSystem.js';
import { projectFileStem, projectSessions, type ProjectSessions } from './daemonSessions.js';

/** A project's hook system, its settings files, and their state it was built from. */
export interface HeldProject {
  readonly system: HookSystem;
  /** The project's sessions, kept across rebuilds and daemons. */
  readonly sessions: ProjectSessions;
  readonly paths: readonly string[];
  readonly signature: string;
  /** Stops the dashboard showing the system. */
  readonly unwatch: () => void;
}

/** Where the daemon writes each project's decision ledger, and the key that signs its checkpoints (PEM). */
export interface DaemonLedger {
  readonly dir: string;
  readonly key?: string | undefined;
}

export interface DaemonProjectsOptions {
  /** The home directory whose `~/.hookstream/settings.json` applies; default the process's. */
  readonly home?: string | undefined;
  /** Write each project's decision ledger in `dir` ({@link ledgerFileOf}), checkpoints signed with `key` (PEM). */
  readonly ledger?: DaemonLedger | undefined;
  /** Where sessions are saved between daemons (in the runtime directory). */
  readonly sessionsDir: string;
  /** Shows a system on the dashboard; returns how to stop. */
  readonly watch?: ((system: HookSystem, projectDir: string) => () => void) | undefined;
}

export interface DaemonProjects {
  /** The project's current system: built, or rebuilt when a settings file changed since. */
  heldFor(projectDir: string): Promise<HeldProject>;
  /** Saves every project's sessions and disposes every system. */
  close(): Promise<void>;
}

/** The ledger of `projectDir` in `dir`: its name for a reader, a digest of its whole path so two never share. */
export const ledgerFileOf = (dir: string, projectDir: string): string =>
  join(dir, `${projectFileStem(projectDir)}.ledger`);

/** Size and mtime of each settings file: an edit rebuilds the project's system before the next event. */
const signatureOf = (paths: readonly string[]): string =>
  paths
    .map((path) => {
      try {
        const stats = statSync(path);
        return `${stats.size}:${stats.mtimeMs}`;
      } catch {
        return '-';
      }
    })
    .join('|');

/** A save that fails leaves the marker: the next daemon then denies those sessions rather than reset them. */
const saveSessions = (held: HeldProject): void => {
  try {
    held.sessions.save(held.system);
  } catch {
    // the marker stays
  }
};

export const daemonProjects = (options: DaemonProjectsOptions): DaemonProjects => {
  // Each project's system as a promise: a rebuild disposes the old one (closing its ledger) before the new one
  // opens the same file, and an event arriving meanwhile waits for the new one instead of building another.
  const systems = new Map<string, Promise<HeldProject>>();

  const build = (projectDir: string, carried?: { sessions: ProjectSessions; states: SessionState[] }): HeldProject => {
    // Only hookstream's own files: each agent runs the hooks of its own files itself (never twice).
    const files = standardSettingsFiles(projectDir, options.home, { dialects: ['hookstream'] });
    const paths = files.map((file) => file.path);
    const signature = signatureOf(paths);
    const system = createHookSystem(
      options.ledger === undefined
        ? { settings: files, projectDir }
        : {
            settings: files,
            projectDir,
            ledger: { path: ledgerFileOf(options.ledger.dir, projectDir), key: options.ledger.key },
          },
    );
    let sessions = carried?.sessions;
    if (sessions === undefined) sessions = projectSessions(options.sessionsDir, projectDir, system);
    else sessions.restore(system, carried?.states ?? []);
    const unwatch = options.watch?.(system, projectDir) ?? (() => undefined);
    return { system, sessions, paths, signature, unwatch };
  };
  const release = async (held: HeldProject): Promise<void> => {
    held.unwatch();
    await held.system.dispose();
  };

  const heldFor = async (projectDir: string): Promise<HeldProject> => {
    const current = systems.get(projectDir);
    if (current !== undefined) {
      const held = await current;
      // Per event only the stat: the file list depends on the project and this process's environment alone.
      if (signatureOf(held.paths) === held.signature) return held;
      // Another event started the rebuild meanwhile: take its system.
      if (systems.get(projectDir) !== current) return heldFor(projectDir);
    }
    const next = (async () => {
      if (current === undefined) return build(projectDir);
      // The sessions' states go on in the rebuilt system: an edit (or a touch) of a settings file resets no policy.
      const old = await current;
      const carried = { sessions: old.sessions, states: old.sessions.states(old.system) };
      await release(old);
      return build(projectDir, carried);
    })();
    systems.set(projectDir, next);
    // A system that cannot be built (its ledger cannot be opened) fails this event; the next one tries again.
    next.catch(() => {
      if (systems.get(projectDir) === next) systems.delete(projectDir);
    });
    return next;
  };

  return {
    heldFor,
    close: async () => {
      const held = await Promise.allSettled([...systems.values()]);
      systems.clear();
      const built = held.flatMap((entry) => (entry.status === 'fulfilled' ? [entry.value] : []));
      // Saved before the systems go: the next daemon continues these sessions.
      for (const entry of built) saveSessions(entry);
      await Promise.all(built.map(release));
    },
  };
};
