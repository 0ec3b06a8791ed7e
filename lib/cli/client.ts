#!/usr/bin/env node
/**
 * `hookstream-hook <agent> <event>`: the command `hookstream install` writes into an agent's hook settings. It
 * forwards the agent's stdin, the event and the agent's project variables to the session daemon
 * (lib/tools/hookDaemon.ts) over its unix socket, starting the daemon when none answers, and prints the answer
 * the daemon composed in the agent's own protocol. It imports node built-ins, the runtime directory rule and the
 * request's variable list only — no engine, no settings code — so each tool call costs little more than Node's
 * own start.
 *
 * When the daemon cannot be reached, does not answer in time, or its directory is unsafe, the event is denied
 * (exit code 2, the reason on stderr: every agent reads that as a block, or shows it where it cannot block) —
 * never a silent allow. `HOOKSTREAM_ON_FAILURE=warn` makes it exit 1 instead (agents go on, showing the error).
 */
import { spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { fileURLToPath } from 'node:url';
import { ensureRuntimeDir, runtimeDir, socketPath } from '../core/runtimeDir.js';
import { PROJECT_VARIABLES } from '../tools/daemonRequest.js';
/** How long a daemon just started may take to listen. */
const START_TIMEOUT_MS = 10_000;

class Unreachable extends Error {}

const readStdin = async (): Promise<string> => {
  if (process.stdin.isTTY) return '';
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/** Sends `line` and resolves with the daemon's one-line reply; `Unreachable` when nobody listens. */
const ask = (socket: string, line: string, timeoutMs: number): Promise<string> =>
  new Promise((resolve, reject) => {
    const connection = createConnection(socket);
    let reply = '';
    let connected = false;
    const timer = setTimeout(() => {
      connection.destroy();
      reject(new Error(`the daemon did not answer within ${timeoutMs} ms`));
    }, timeoutMs);
    connection.setEncoding('utf8');
    connection.on('connect', () => {
      connected = true;
      connection.end(line);
    });
    connection.on('data', (chunk: string) => (reply += chunk));
    connection.on('end', () => {
      clearTimeout(timer);
      resolve(reply);
    });
    connection.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      const code = error.code ?? '';
      reject(!connected && (code === 'ENOENT' || code === 'ECONNREFUSED') ? new Unreachable(code) : error);
    });
  });

/** Starts `hookstream serve` detached: it outlives this client and stops itself when idle. */
const startDaemon = (): void => {
  const main = fileURLToPath(new URL('./main.js', import.meta.url));
  const child = spawn(process.execPath, [main, 'serve', '--quiet'], {
    detached: true,
    stdio: 'ignore',
    cwd: '/',
  });
  child.on('error', () => undefined);
  child.unref();
};

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks the daemon, starting it when nobody listens and retrying until it does. */
const askStarting = async (socket: string, line: string, timeoutMs: number): Promise<string> => {
  try {
    return await ask(socket, line, timeoutMs);
  } catch (error) {
    if (!(error instanceof Unreachable)) throw error;
  }
  startDaemon();
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (let wait = 10; ; wait = Math.min(wait * 2, 200)) {
    await delay(wait);
    try {
      return await ask(socket, line, timeoutMs);
    } catch (error) {
      if (!(error instanceof Unreachable) || Date.now() > deadline) {
        throw error instanceof Unreachable ? new Error(`the daemon did not start on ${socket}`) : error;
      }
    }
  }
};

const fail = (agent: string, reason: string): void => {
  process.stderr.write(`hookstream (${agent}): ${reason}; the event is denied because hookstream could not decide\n`);
  process.exitCode = process.env.HOOKSTREAM_ON_FAILURE === 'warn' ? 1 : 2;
};

const main = async (): Promise<void> => {
  const [agent = '', event = ''] = process.argv.slice(2);
  const dir = runtimeDir();
  const problem = ensureRuntimeDir(dir);
  if (problem !== undefined) {
    fail(agent, `refusing the daemon's directory: ${problem}`);
    return;
  }
  const env: Record<string, string> = {};
  for (const name of PROJECT_VARIABLES) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  const stdin = await readStdin();
  const line = `${JSON.stringify({ agent, event, cwd: process.cwd(), env, stdin })}\n`;
  const timeoutMs = Number(process.env.HOOKSTREAM_CLIENT_TIMEOUT_MS ?? '') || 55_000;
  let reply: { exitCode?: unknown; stdout?: unknown; stderr?: unknown };
  try {
    reply = JSON.parse(await askStarting(socketPath(dir), line, timeoutMs)) as typeof reply;
  } catch (error) {
    fail(agent, error instanceof Error ? error.message : String(error));
    return;
  }
  if (typeof reply.exitCode !== 'number') {
    fail(agent, 'the daemon answered without an exit code');
    return;
  }
  if (typeof reply.stdout === 'string' && reply.stdout !== '') process.stdout.write(reply.stdout);
  if (typeof reply.stderr === 'string' && reply.stderr !== '') process.stderr.write(reply.stderr);
  process.exitCode = reply.exitCode;
};

await main();
