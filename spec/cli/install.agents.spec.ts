/**
 * `hookstream install --agent …` end to end, for each agent we cannot run here: install into a scratch HOME and
 * project, then run the installed command entry exactly as the agent does (`bash -c` on the command text, the
 * agent's stdin JSON and project variable) and read the answer the agent's way — Claude Code and Codex: exit 2
 * with stderr; Gemini CLI: `decision`; Cursor: `permission`; Copilot: `permissionDecision`. The daemon starts on
 * the first call, is killed mid-session and comes back on demand; an unsafe runtime directory denies; uninstall
 * gives back the very bytes the file had.
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSettingsSync } from '../../lib/config/index.js';
import { runPiped, type PipedRun } from '../helpers/pipedRun.js';
import { eventually, MARKER_VARIABLE, markedProcesses } from '../process/processHarness.js';
import { MAIN } from './cliHarness.js';

const marker = randomUUID();
const root = mkdtempSync(path.join(tmpdir(), 'hs-inst-'));
const home = path.join(root, 'home');
const project = path.join(root, 'proj');
const runDir = path.join(root, 'run');

const env = (extra: Record<string, string> = {}): NodeJS.ProcessEnv =>
  Object.assign({}, process.env, {
    HOME: home,
    HOOKSTREAM_RUNTIME_DIR: runDir,
    HOOKSTREAM_DAEMON_IDLE_MS: '120000',
    NO_COLOR: '1',
    [MARKER_VARIABLE]: marker,
    ...extra,
  });

type Run = PipedRun;

const run = (file: string, args: string[], input: string, extra: Record<string, string> = {}): Promise<Run> =>
  runPiped(file, args, input, { cwd: project, env: env(extra) });

const hookstream = (...args: string[]): Run => {
  const result = spawnSync(process.execPath, [MAIN, ...args], { cwd: project, env: env(), encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
};

/** Pids of live processes carrying this spec's marker (the daemon inherits it from the first client). */
const marked = (): number[] => markedProcesses(marker);

/** Kills the daemon and everything it started, and waits (bounded) until none of them is left. */
const killAll = async (): Promise<void> => {
  for (const pid of marked()) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone already
    }
  }
  expect(await eventually(() => marked().length === 0, 10_000), `still running: ${marked().join(', ')}`).toBe(true);
};

/** A user hook of hookstream's own settings: denies any tool call whose input mentions `rm -rf`. */
const GUARD = `grep -q 'rm -rf' && echo '{"decision":"deny","reason":"rm -rf is not allowed here"}'; exit 0`;

interface AgentCase {
  readonly agent: string;
  /** The agent's settings file, relative to the project. */
  readonly file: string;
  /** What the file held before install (undefined: no file). */
  readonly before?: string;
  /** The native tool event and a payload for a tool call. */
  readonly event: string;
  readonly payload: (command: string) => Record<string, unknown>;
  readonly variables: Record<string, string>;
  /** Whether the agent reads the answer as a deny. */
  readonly denied: (result: Run) => boolean;
}

const json = (text: string): Record<string, unknown> =>
  text.trim() === '' ? {} : (JSON.parse(text) as Record<string, unknown>);

const claudeLike = (agent: string, file: string, before: string): AgentCase => ({
  agent,
  file,
  before,
  event: 'PreToolUse',
  payload: (command) => ({
    session_id: 's1',
    transcript_path: '',
    cwd: project,
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command },
  }),
  variables: agent === 'claude' ? { CLAUDE_PROJECT_DIR: project } : {},
  denied: (result) => result.code === 2 && result.stderr.includes('rm -rf is not allowed here'),
});

const CLAUDE_BEFORE = `{
    "permissions": { "allow": ["Bash(ls)"] },
    "hooks": {
        "PreToolUse": [{ "matcher": "Bash", "hooks": [{ "type": "command", "command": "echo mine" }] }]
    }
}
`;

const CASES: readonly AgentCase[] = [
  claudeLike('claude', '.claude/settings.json', CLAUDE_BEFORE),
  claudeLike('codex', '.codex/hooks.json', '{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"echo done"}]}]}}'),
  {
    agent: 'gemini',
    file: '.gemini/settings.json',
    before: '{\n  "general": { "vimMode": true }\n}\n',
    event: 'BeforeTool',
    payload: (command) => ({
      session_id: 's1',
      transcript_path: '',
      cwd: project,
      hook_event_name: 'BeforeTool',
      timestamp: '2026-11-28T10:00:00Z',
      tool_name: 'run_shell_command',
      tool_input: { command },
    }),
    variables: { GEMINI_PROJECT_DIR: project },
    denied: (result) => result.code === 0 && json(result.stdout)['decision'] === 'deny',
  },
  {
    agent: 'cursor',
    file: '.cursor/hooks.json',
    before: '{\n  "version": 1,\n  "hooks": {\n    "afterFileEdit": [{ "command": "./format.sh" }]\n  }\n}\n',
    event: 'preToolUse',
    payload: (command) => ({
      conversation_id: 'c1',
      generation_id: 'g1',
      hook_event_name: 'preToolUse',
      workspace_roots: [project],
      tool_name: 'Shell',
      tool_input: { command },
    }),
    variables: {},
    denied: (result) => json(result.stdout)['permission'] === 'deny',
  },
  {
    agent: 'copilot',
    file: '.github/hooks/hookstream.json',
    event: 'preToolUse',
    payload: (command) => ({
      sessionId: 's1',
      timestamp: 1_764_324_000_000,
      cwd: project,
      toolName: 'bash',
      toolArgs: JSON.stringify({ command }),
    }),
    variables: {},
    denied: (result) => json(result.stdout)['permissionDecision'] === 'deny',
  },
];

/** The command the agent would run for `event`, read from the installed file. */
const installedCommand = (file: string, event: string): string => {
  const settings = JSON.parse(readFileSync(path.join(project, file), 'utf8')) as {
    hooks: Record<string, Record<string, unknown>[]>;
  };
  for (const entry of settings.hooks[event] ?? []) {
    const hooks = (entry['hooks'] as Record<string, unknown>[] | undefined) ?? [entry];
    for (const hook of hooks) {
      const command = hook['bash'] ?? hook['command'];
      if (typeof command === 'string' && command.includes('--installed-by-hookstream')) return command;
    }
  }
  throw new Error(`no installed entry for ${event} in ${file}`);
};

/** Runs the installed entry as the agent does: `bash -c` on the command, the payload on stdin. */
const callAs = (agentCase: AgentCase, command: string): Promise<Run> =>
  run(
    'bash',
    ['-c', installedCommand(agentCase.file, agentCase.event)],
    JSON.stringify(agentCase.payload(command)),
    agentCase.variables,
  );

beforeAll(() => {
  expect(existsSync(MAIN), 'run `npm run build` first: the installed entries call dist/').toBe(true);
  mkdirSync(path.join(home, '.hookstream'), { recursive: true });
  mkdirSync(project, { recursive: true });
  writeFileSync(
    path.join(home, '.hookstream', 'settings.json'),
    JSON.stringify({
      tools: { enableHooks: true },
      hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: GUARD }] }] },
    }),
  );
  for (const agentCase of CASES) {
    if (agentCase.before === undefined) continue;
    mkdirSync(path.dirname(path.join(project, agentCase.file)), { recursive: true });
    writeFileSync(path.join(project, agentCase.file), agentCase.before);
  }
});

afterAll(async () => {
  try {
    await killAll();
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

describe.each(CASES)('hookstream install --agent $agent', (agentCase) => {
  it('adds an entry per event, keeps the user hooks, and a second install changes nothing', () => {
    const dry = hookstream('install', '--agent', agentCase.agent, '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('+');
    expect(dry.stdout).toContain('(dry run:');
    expect(existsSync(path.join(project, agentCase.file))).toBe(agentCase.before !== undefined);
    const first = hookstream('install', '--agent', agentCase.agent);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    if (agentCase.before?.includes('command') === true) expect(first.stdout).toMatch(/own hooks? in that file stay/);
    const installed = readFileSync(path.join(project, agentCase.file), 'utf8');
    expect(installedCommand(agentCase.file, agentCase.event)).toContain(`${agentCase.agent} ${agentCase.event}`);
    const again = hookstream('install', '--agent', agentCase.agent);
    expect(again.stdout).toContain('already installed');
    expect(readFileSync(path.join(project, agentCase.file), 'utf8')).toBe(installed);
  });

  it("answers a tool call in the agent's own protocol: deny and allow", async () => {
    const denied = await callAs(agentCase, 'rm -rf /');
    expect(agentCase.denied(denied), JSON.stringify(denied)).toBe(true);
    const allowed = await callAs(agentCase, 'ls');
    expect(allowed.code, JSON.stringify(allowed)).toBe(0);
    expect(agentCase.denied(allowed)).toBe(false);
  });
});

describe('the installed command', () => {
  it('goes through hook.sh when perl is missing or a PERL5 variable is set, and still decides', async () => {
    const [claude] = CASES;
    if (claude?.agent !== 'claude') throw new Error('the first case is Claude Code');
    // A PATH with what hook.sh uses, and no perl: the entry must not fail with 127 (a non-blocking error).
    const bin = path.join(root, 'no-perl');
    mkdirSync(bin, { recursive: true });
    for (const tool of ['bash', 'sh', 'cat', 'curl', 'ls']) {
      const found = spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
      if (found !== '') symlinkSync(found, path.join(bin, tool));
    }
    const command = installedCommand(claude.file, claude.event);
    for (const extra of [{ PERL5LIB: path.join(root, 'no-lib') }, { PATH: bin }]) {
      const variables = Object.assign({}, claude.variables, extra);
      const call = (line: string) => run('bash', ['-c', command], JSON.stringify(claude.payload(line)), variables);
      const denied = await call('rm -rf /');
      expect(claude.denied(denied), JSON.stringify([extra, denied])).toBe(true);
      const allowed = await call('ls');
      expect(allowed.code, JSON.stringify([extra, allowed])).toBe(0);
    }
  });
});

describe('the session daemon', () => {
  it('answers an event no hook handles with no opinion', async () => {
    const result = await run(
      'bash',
      ['-c', installedCommand('.claude/settings.json', 'Notification')],
      JSON.stringify({
        session_id: 's1',
        transcript_path: '',
        cwd: project,
        hook_event_name: 'Notification',
        message: 'hi',
      }),
    );
    expect(result).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('comes back on demand after being killed mid-session', async () => {
    expect(marked().length).toBeGreaterThan(0);
    await killAll();
    const claude = CASES[0] as AgentCase;
    expect(claude.denied(await callAs(claude, 'rm -rf /'))).toBe(true);
    expect((await callAs(claude, 'ls')).code).toBe(0);
  });

  it('denies with the reason when its directory is unsafe, never a silent allow', async () => {
    await killAll();
    chmodSync(runDir, 0o755);
    try {
      const claude = CASES[0] as AgentCase;
      const result = await callAs(claude, 'ls');
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/can be opened by others .*denied/);
    } finally {
      chmodSync(runDir, 0o700);
    }
  });

  it("is skipped when hookstream reads the agent's file itself (no loop)", () => {
    const file = path.join(project, '.claude', 'settings.json');
    const loaded = loadSettingsSync([{ scope: 'project', path: file, dialect: 'claude', projectDir: project }]);
    const commands = loaded.entries.map((entry) => ('command' in entry.definition ? entry.definition.command : ''));
    expect(commands).toEqual(['echo mine']);
  });
});

describe.each(CASES)('hookstream uninstall --agent $agent', (agentCase) => {
  it('gives back the very bytes the file had (or no file)', () => {
    const result = hookstream('uninstall', '--agent', agentCase.agent);
    expect(result.code, result.stderr).toBe(0);
    const file = path.join(project, agentCase.file);
    if (agentCase.before === undefined) expect(existsSync(file)).toBe(false);
    else expect(readFileSync(file, 'utf8')).toBe(agentCase.before);
    expect(hookstream('uninstall', '--agent', agentCase.agent).stdout).toContain('nothing to do');
  });
});

describe('uninstall after the user edited the file', () => {
  it("removes exactly hookstream's entries", () => {
    const file = path.join(project, '.claude', 'settings.json');
    expect(hookstream('install', '--agent', 'claude').code).toBe(0);
    const edited = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    edited['model'] = 'opus';
    writeFileSync(file, JSON.stringify(edited, null, 4) + '\n');
    expect(hookstream('uninstall', '--agent', 'claude').code).toBe(0);
    const after = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    expect(after).toEqual(Object.assign(JSON.parse(CLAUDE_BEFORE) as Record<string, unknown>, { model: 'opus' }));
  });
});
