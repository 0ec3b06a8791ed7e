/**
 * The messages between the host and its spawn helper, over the Node IPC channel (`advanced`
 * serialization, so output bytes travel as bytes). A base environment (what every run of an executor
 * shares) is sent once, under an id; each run then carries only its own variables and that id.
 */
import type { LaunchResult } from './launch.js';
import type { Redirect } from './redirects.js';

/** Host → helper. */
export type ToHelper =
  | { t: 'env'; id: number; base: Readonly<Record<string, string>> }
  | {
      t: 'run';
      id: number;
      file: string;
      args: readonly string[];
      cwd: string;
      /** The id of a base environment sent before. */
      base: number;
      env: Readonly<Record<string, string>>;
      input: string;
      cap: number;
      /** As in the launch request: the name a program found on PATH is called by. */
      argv0?: string | undefined;
      /** As in the launch request: what starts instead when the program cannot be started. */
      fallback?: { file: string; args: readonly string[] } | undefined;
      /** As in the launch request: opened by the helper, as the hook's stdio. */
      redirects?: readonly Redirect[] | undefined;
    }
  /** Stop waiting for EOF on the run's pipes. */
  | { t: 'end'; id: number }
  /**
   * Guard a group the host started itself (a persistent worker, whose pipes must stay the host's): if the
   * host dies, it is killed with the helper's own runs, and whatever left it carrying `runId`.
   */
  | { t: 'watch'; id: number; pgid: number; runId: string }
  /** The host has reaped the run's (or watched) group: stop guarding it. */
  | { t: 'forget'; id: number };

/** Helper → host; `done` is the last message of a run. */
export type FromHelper =
  /**
   * Sent once, when the helper listens: a message sent before may be lost if the host dies meanwhile (Node
   * drops what arrives before a listener once the channel closes), so a watch counts from then on.
   */
  | { t: 'ready' }
  | { t: 'spawned'; id: number; pid: number }
  | { t: 'overflow'; id: number; stream: 'stdout' | 'stderr' }
  | { t: 'exited'; id: number }
  | { t: 'done'; id: number; result: LaunchResult };

/** The helper's process title, as `ps` shows it. */
export const HELPER_TITLE = 'hookstream-spawn-helper';
