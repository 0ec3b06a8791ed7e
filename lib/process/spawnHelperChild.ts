/**
 * The spawn helper's own program (see spawnHelper.ts): a small long-lived Node process that spawns hook
 * processes on the host's behalf, so that the fork's cost is this process's (a few tens of MB) instead of
 * the host's (an agent of several GB: +40–49 ms per GiB per spawn, the event loop blocked meanwhile).
 *
 * It starts each run with the same direct spawn the host would use and streams back the pid, overflows,
 * the leader's exit and the output. It guards every group it started until the host says it reaped it, and
 * the groups the host started itself and asked it to watch (persistent workers): if the host goes away —
 * even killed by SIGKILL, which the helper sees as its IPC channel closing — it SIGKILLs those groups and
 * whatever left them carrying their run ids, then exits.
 */
import process from 'node:process';
import { RUN_ID_VARIABLE } from '../protocol/hookEnv.js';
import { findEscapeesOf, type EscapeeQuery } from './escapees.js';
import type { LaunchHandle } from './launch.js';
import { launchDirect } from './launchDirect.js';
import { signalGroup, signalProcess } from './processGroups.js';
import { HELPER_TITLE, type FromHelper, type ToHelper } from './spawnHelperProtocol.js';

interface Guarded {
  handle?: LaunchHandle;
  pgid?: number;
  runId?: string;
  done: boolean;
}

process.title = HELPER_TITLE;
const runs = new Map<number, Guarded>();
const bases = new Map<number, Readonly<Record<string, string>>>();

const send = (message: FromHelper): void => {
  // Without a channel the host is gone: 'disconnect' is on its way and shuts us down.
  if (process.connected) process.send?.(message);
};

/** Kills every group the host has not reaped (runs and watched groups), and what left them, then exits. */
const shutdown = (code: number): never => {
  const queries: EscapeeQuery[] = [];
  for (const run of runs.values()) {
    if (run.pgid === undefined) continue;
    signalGroup(run.pgid, 'SIGKILL');
    if (run.runId !== undefined) queries.push({ runId: run.runId, pgid: run.pgid });
  }
  // One pass over /proc for all of them.
  for (const pids of findEscapeesOf(queries).values()) for (const pid of pids) signalProcess(pid, 'SIGKILL');
  process.exit(code);
};

/** A group with no process left (ESRCH); a zombie still counts, as does one we may not signal. */
const groupGone = (pgid: number): boolean => {
  try {
    process.kill(-pgid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
};

/** Stops guarding finished runs whose groups are empty (usually just the one that finished). */
const forgetEmptyGroups = (): void => {
  for (const [id, run] of runs) if (run.done && (run.pgid === undefined || groupGone(run.pgid))) runs.delete(id);
};

const start = (message: Extract<ToHelper, { t: 'run' }>): void => {
  const { id } = message;
  const run: Guarded = { done: false };
  const runId = message.env[RUN_ID_VARIABLE];
  if (runId !== undefined) run.runId = runId;
  runs.set(id, run);
  const request = {
    file: message.file,
    args: message.args,
    cwd: message.cwd,
    baseEnv: bases.get(message.base) ?? {},
    env: message.env,
    input: message.input,
    maxOutputBytes: message.cap,
    argv0: message.argv0,
    fallback: message.fallback,
    redirects: message.redirects,
  };
  run.handle = launchDirect(request, {
    spawned: (pid) => {
      run.pgid = pid;
      send({ t: 'spawned', id, pid });
    },
    overflow: (stream) => {
      send({ t: 'overflow', id, stream });
    },
    // Usually the pipes close in the same turn: then `done` alone tells the host (one message fewer).
    exited: () => {
      setImmediate(() => {
        if (!run.done) send({ t: 'exited', id });
      });
    },
    done: (result) => {
      run.done = true;
      // Guarded until the host says it reaped the group — unless nothing is left in it to guard.
      forgetEmptyGroups();
      send({ t: 'done', id, result });
    },
  });
};

process.on('message', (message: ToHelper) => {
  switch (message.t) {
    case 'env':
      bases.set(message.id, message.base);
      return;
    case 'run':
      start(message);
      return;
    case 'end':
      runs.get(message.id)?.handle?.endPipes();
      return;
    // Never `done`: guarded until the host forgets it.
    case 'watch':
      runs.set(message.id, { pgid: message.pgid, runId: message.runId, done: false });
      return;
    case 'forget':
      runs.delete(message.id);
      return;
  }
});
process.on('disconnect', () => shutdown(0));
send({ t: 'ready' });
// Started detached, no terminal sends us these; someone who does wants us gone, and our hooks with us.
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => shutdown(0));
process.on('uncaughtException', (error) => {
  process.stderr.write(`${HELPER_TITLE}: ${error.stack ?? String(error)}\n`);
  shutdown(1);
});
