/**
 * The installed agent entry (`hookstream install --agent claude`): one PreToolUse event through the command
 * entry exactly as Claude Code runs it (`bash -c` on the installed command, the payload on stdin) — the command
 * starting perl → session daemon → no hook for the call → the agent's answer — next to a bare `node -e 0`, to the same
 * entry on its curl path (no perl, or a PERL5 variable set) and to the Node client (what the shell client hands
 * over to without either) started the same way in the same run, interleaved. The same daemon also listens on loopback for Claude Code's `"type": "http"` hooks:
 * the same event posted there (no process per event), next to the same post to a bare Node HTTP server answering
 * `{}`, each on a fresh connection. The daemon is warm (a first call of each entry built the project's system) and
 * stopped at the end. Run alone: `npm run build && npx tsx bench/agentEntry.bench.ts`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { round3, scaled } from './measure.js';

export interface AgentEntryFigures {
  rounds: number;
  commandEntryMs: { p50: number; p99: number };
  bareNodeMs: { p50: number; p99: number };
  /** The entry on its curl path: what it takes where perl is missing or a PERL5 variable is set. */
  curlEntryMs: { p50: number; p99: number };
  /** The Node client (client.js) the shell client hands over to without perl or curl, or when nobody listens. */
  nodeClientMs: { p50: number; p99: number };
  /** A Bash call one command hook handles, through the entry; and that hook run by the agent itself. */
  commandHookEntryMs: { p50: number; p99: number };
  directHookMs: { p50: number; p99: number };
  /** The same event posted to the daemon's http hook listener, and to a bare Node HTTP server. */
  httpEntryMs: { p50: number; p99: number };
  bareHttpMs: { p50: number; p99: number };
  description: string;
}

const MAIN = fileURLToPath(new URL('../dist/lib/cli/main.js', import.meta.url));
const CLIENT = fileURLToPath(new URL('../dist/lib/cli/client.js', import.meta.url));
/** The command hook of the hook row: reads its payload and says nothing, as a guard that allows does. */
const HOOK = 'cat > /dev/null';

const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return round3(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN);
};

const timed = (command: string, input: string, env: NodeJS.ProcessEnv, cwd: string): Promise<number> =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('bash', ['-c', command], { cwd, env, stdio: ['pipe', 'ignore', 'ignore'] });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`${command} exited ${String(code)}`));
      else resolve(performance.now() - started);
    });
    child.stdin.end(input);
  });

/** Posts `body` to 127.0.0.1:`port` on a connection of its own; resolves with the milliseconds to the whole answer. */
const posted = (port: number, route: string, body: string, token: string): Promise<number> =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    const post = request(
      {
        host: '127.0.0.1',
        port,
        path: route,
        method: 'POST',
        agent: false,
        headers: { authorization: `Bearer ${token}` },
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode !== 200) reject(new Error(`POST ${route} answered ${String(response.statusCode)}`));
          else resolve(performance.now() - started);
        });
      },
    );
    post.on('error', reject);
    post.end(body);
  });

/** Spawns `args` under Node and resolves with the child once its stdout printed a line matching `ready`. */
const started = (
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
): Promise<{ child: ChildProcess; port: number }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: '/', env, stdio: ['ignore', 'pipe', 'inherit'] });
    let printed = '';
    child.on('error', reject);
    child.on('exit', (code) => {
      reject(new Error(`${args.join(' ')} exited ${String(code)} before listening: ${printed}`));
    });
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      printed += chunk;
      const port = ready.exec(printed)?.[1];
      if (port !== undefined) resolve({ child, port: Number(port) });
    });
  });

/** A Node HTTP server that reads the body and answers `{}`: what any http hook costs at least. */
const BARE_SERVER = `require('node:http').createServer((q, s) => { q.resume(); q.on('end', () => s.end('{}')); })
  .listen(0, '127.0.0.1', function () { console.log('port ' + this.address().port); });`;

const stopped = (child: ChildProcess | undefined): Promise<void> =>
  new Promise((resolve) => {
    if (child === undefined || child.exitCode !== null || child.signalCode !== null) {
      resolve();
      return;
    }
    child.removeAllListeners('exit');
    child.once('exit', () => {
      resolve();
    });
    child.kill('SIGTERM');
  });

export const benchAgentEntry = async (): Promise<AgentEntryFigures> => {
  const root = mkdtempSync(path.join(tmpdir(), 'hs-bench-agent-'));
  const home = path.join(root, 'home');
  const project = path.join(root, 'proj');
  mkdirSync(path.join(home, '.hookstream'), { recursive: true });
  mkdirSync(project);
  // One command hook, on Bash calls only: the Read call below stays a call no hook handles.
  writeFileSync(
    path.join(home, '.hookstream', 'settings.json'),
    JSON.stringify({
      tools: { enableHooks: true },
      hooks: { BeforeTool: [{ matcher: 'Bash', hooks: [{ type: 'command', command: HOOK }] }] },
    }),
  );
  const env: NodeJS.ProcessEnv = Object.assign({}, process.env, {
    HOME: home,
    HOOKSTREAM_RUNTIME_DIR: path.join(root, 'run'),
    HOOKSTREAM_DAEMON_IDLE_MS: '60000',
    CLAUDE_PROJECT_DIR: project,
  });
  let daemon: ChildProcess | undefined;
  let bareServer: ChildProcess | undefined;
  try {
    // Started by hand with its http listener; the command entry's client finds it listening and uses it.
    const serving = await started([MAIN, 'serve', '--http-port', '0'], env, /http:\/\/127\.0\.0\.1:(\d+)\/hook/);
    daemon = serving.child;
    const bare = await started(['-e', BARE_SERVER], env, /port (\d+)/);
    bareServer = bare.child;
    const token = readFileSync(path.join(root, 'run', 'http-token'), 'utf8').trim();
    const installed = spawnSync(process.execPath, [MAIN, 'install', '--agent', 'claude'], { cwd: project, env });
    if (installed.status !== 0) throw new Error(`install failed: ${installed.stderr.toString()}`);
    const settings = JSON.parse(readFileSync(path.join(project, '.claude', 'settings.json'), 'utf8')) as {
      hooks: { PreToolUse: { hooks: { command: string }[] }[] };
    };
    const entry = settings.hooks.PreToolUse[0]?.hooks[0]?.command ?? '';
    const payload = JSON.stringify({
      session_id: 'bench',
      transcript_path: '',
      cwd: project,
      hook_event_name: 'PreToolUse',
      tool_name: 'Read',
      tool_input: { file_path: 'README.md' },
    });
    const bashPayload = JSON.stringify({
      session_id: 'bench',
      transcript_path: '',
      cwd: project,
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
    });
    const bareNode = `${JSON.stringify(process.execPath)} -e 0`;
    const nodeClient = `${JSON.stringify(process.execPath)} ${JSON.stringify(CLIENT)} claude PreToolUse`;
    const hookRoute = '/hook/claude/PreToolUse';
    // Warm: the first call of each entry builds the project's hook system and opens the listeners' paths.
    // Any PERL5 variable makes the entry leave perl alone; a library path that does not exist changes nothing else.
    const curlEnv: NodeJS.ProcessEnv = Object.assign({}, env, { PERLLIB: path.join(root, 'no-perl-lib') });
    await timed(entry, payload, env, project);
    await timed(entry, payload, curlEnv, project);
    await timed(nodeClient, payload, env, project);
    await timed(entry, bashPayload, env, project);
    await posted(serving.port, hookRoute, payload, token);
    await posted(bare.port, hookRoute, payload, token);
    const rounds = scaled(60, 6);
    const entryMs: number[] = [];
    const curlMs: number[] = [];
    const bareMs: number[] = [];
    const nodeClientMs: number[] = [];
    const hookEntryMs: number[] = [];
    const directMs: number[] = [];
    const httpMs: number[] = [];
    const bareHttpMs: number[] = [];
    for (let round = 0; round < rounds; round++) {
      bareMs.push(await timed(bareNode, '', env, project));
      entryMs.push(await timed(entry, payload, env, project));
      curlMs.push(await timed(entry, payload, curlEnv, project));
      nodeClientMs.push(await timed(nodeClient, payload, env, project));
      directMs.push(await timed(HOOK, bashPayload, env, project));
      hookEntryMs.push(await timed(entry, bashPayload, env, project));
      // Many posts per round: a post costs about a thousandth of a process start.
      for (let post = 0; post < 20; post++) {
        bareHttpMs.push(await posted(bare.port, hookRoute, payload, token));
        httpMs.push(await posted(serving.port, hookRoute, payload, token));
      }
    }
    const p = (values: readonly number[]) => ({ p50: percentile(values, 50), p99: percentile(values, 99) });
    return {
      rounds,
      commandEntryMs: p(entryMs),
      curlEntryMs: p(curlMs),
      bareNodeMs: p(bareMs),
      nodeClientMs: p(nodeClientMs),
      commandHookEntryMs: p(hookEntryMs),
      directHookMs: p(directMs),
      httpEntryMs: p(httpMs),
      bareHttpMs: p(bareHttpMs),
      description:
        "One Claude Code PreToolUse call no hook handles: through the installed command entry (`bash -c`, the payload on stdin, the installed command starting perl, which posts to the daemon's unix socket) beside `node -e 0`, the same entry on its curl path and the Node client started the same way; a Bash call one command hook (`cat > /dev/null`) handles, through the entry, beside that hook run by the agent itself (`bash -c`, the payload on stdin); and posted to the daemon's http hook listener (the token in `Authorization`, a fresh loopback connection per post) beside the same post to a bare Node HTTP server answering `{}`, interleaved.",
    };
  } finally {
    await stopped(daemon);
    await stopped(bareServer);
    stopDaemons(root);
    rmSync(root, { recursive: true, force: true });
  }
};

/** Stops the daemon this bench started: the process whose command line names this bench's runtime directory. */
const stopDaemons = (root: string): void => {
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${entry}/environ`).includes(Buffer.from(`HOOKSTREAM_RUNTIME_DIR=${root}/run\0`))) {
        process.kill(Number(entry), 'SIGTERM');
      }
    } catch {
      // gone, or not ours
    }
  }
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.stdout.write(`${JSON.stringify(await benchAgentEntry(), null, 2)}\n`);
}
