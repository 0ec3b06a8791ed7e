/**
 * Where the session daemon listens: a unix socket in a directory only this user can enter. A socket another
 * user planted would receive every hook payload (tool inputs, prompts) and answer for hookstream, so both the
 * daemon and its clients refuse a directory that is not owned by them or that others can open (anything but
 * mode 0700). Imported by the thin client: node built-ins only.
 */
import { lstatSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Environment variables read here; the client forwards nothing else to decide where to connect. */
export interface RuntimeEnv {
  readonly HOOKSTREAM_RUNTIME_DIR?: string;
  readonly XDG_RUNTIME_DIR?: string;
  readonly HOME?: string;
}

/**
 * The daemon's directory: `HOOKSTREAM_RUNTIME_DIR`, else `$XDG_RUNTIME_DIR/hookstream` (a per-user tmpfs on
 * systemd machines), else `~/.hookstream/run`.
 */
export const runtimeDir = (env: RuntimeEnv = process.env): string => {
  if (env.HOOKSTREAM_RUNTIME_DIR !== undefined && env.HOOKSTREAM_RUNTIME_DIR !== '') return env.HOOKSTREAM_RUNTIME_DIR;
  if (env.XDG_RUNTIME_DIR !== undefined && env.XDG_RUNTIME_DIR !== '') return join(env.XDG_RUNTIME_DIR, 'hookstream');
  return join(env.HOME ?? homedir(), '.hookstream', 'run');
};

/** The daemon's socket in `dir`. */
export const socketPath = (dir: string): string => join(dir, 'daemon.sock');

/** The daemon's HTTP socket in `dir`, for the shell client (lib/cli/hook.sh, which names it too). */
export const httpSocketPath = (dir: string): string => join(dir, 'daemon-http.sock');

/** Why `dir` cannot hold the daemon's socket (not ours, open to others, a link), or undefined when it can. */
export const runtimeDirProblem = (dir: string): string | undefined => {
  let stats;
  try {
    stats = lstatSync(dir);
  } catch {
    return `${dir} does not exist`;
  }
  if (stats.isSymbolicLink()) return `${dir} is a symbolic link; the daemon's directory must be a real directory`;
  if (!stats.isDirectory()) return `${dir} is not a directory`;
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  if (uid !== undefined && stats.uid !== uid) return `${dir} is owned by uid ${stats.uid}, not by you (uid ${uid})`;
  const mode = stats.mode & 0o777;
  if ((mode & 0o077) !== 0) {
    return `${dir} can be opened by others (mode ${mode.toString(8).padStart(4, '0')}); run \`chmod 700 ${dir}\``;
  }
  return undefined;
};

/** Creates `dir` (mode 0700) when missing and checks it; returns the problem when it cannot be used. */
export const ensureRuntimeDir = (dir: string): string | undefined => {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    return `cannot create ${dir}: ${error instanceof Error ? error.message : String(error)}`;
  }
  return runtimeDirProblem(dir);
};
