/**
 * The installed agent entry (`hookstream install --agent claude`): one PreToolUse event through the command
 * entry exactly as Claude Code runs it (`bash -c` on the installed command, the payload on stdin) — thin client →
 * session daemon → no hook for the call → the agent's answer — next to a bare `node -e 0` started the same way in
 * the same run, interleaved. The daemon is warm (started by a first call) and stopped at the end.
 * Run alone: `npm run build && npx tsx bench/agentEntry.bench.ts`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { round3, scaled } from './measure.js';

export interface AgentEntryFigures {
  rounds: number;
  commandEntryMs: { p50: number; p99: number };
  bareNodeMs: { p50: number; p99: number };
}

const MAIN = fileURLToPath(new URL('../dist/lib/cli/main.js', import.meta.url));

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

export const benchAgentEntry = async (): Promise<AgentEntryFigures> => {
  const root = mkdtempSync(path.join(tmpdir(), 'hs-bench-agent-'));
  const home = path.join(root, 'home');
  const project = path.join(root, 'proj');
  mkdirSync(home);
  mkdirSync(project);
  const env: NodeJS.ProcessEnv = Object.assign({}, process.env, {
    HOME: home,
    HOOKSTREAM_RUNTIME_DIR: path.join(root, 'run'),
    HOOKSTREAM_DAEMON_IDLE_MS: '60000',
    CLAUDE_PROJECT_DIR: project,
  });
  try {
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
    const bare = `${JSON.stringify(process.execPath)} -e 0`;
    // Warm: the first call starts the daemon and builds the project's hook system.
    await timed(entry, payload, env, project);
    const rounds = scaled(60, 6);
    const entryMs: number[] = [];
    const bareMs: number[] = [];
    for (let round = 0; round < rounds; round++) {
      bareMs.push(await timed(bare, '', env, project));
      entryMs.push(await timed(entry, payload, env, project));
    }
    return {
      rounds,
      commandEntryMs: { p50: percentile(entryMs, 50), p99: percentile(entryMs, 99) },
      bareNodeMs: { p50: percentile(bareMs, 50), p99: percentile(bareMs, 99) },
    };
  } finally {
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
