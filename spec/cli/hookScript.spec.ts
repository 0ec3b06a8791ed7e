/**
 * The shell hook client (lib/cli/hook.sh), which `hookstream install` writes into agents' settings, on both of its
 * paths — perl running hook.pl, and curl where there is no perl — each on a PATH of its own that holds only the
 * tools it may use, through a wrapper that records its use: it answers every agent byte for byte as the Node
 * client (client.js) does — exit code, stdout, stderr — for denies, allows, context, malformed payloads and
 * payloads no argument list could carry; it hands over to the Node client when neither tool is there or nobody
 * listens (the daemon then starts); and a socket that answers badly, late or not at all denies, saying why. Real
 * processes throughout: sh, perl, curl, the built daemon.
 */
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type Server as NetServer } from 'node:net';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_VARIABLES } from '../../lib/tools/daemonRequest.js';
import { runPiped, type PipedRun } from '../helpers/pipedRun.js';
import { eventually, MARKER_VARIABLE, markedProcesses } from '../process/processHarness.js';
import { REPO_ROOT } from './cliHarness.js';

const SCRIPT = path.join(REPO_ROOT, 'dist', 'lib', 'cli', 'hook.sh');
const PERL_SCRIPT = path.join(REPO_ROOT, 'dist', 'lib', 'cli', 'hook.pl');
const CLIENT = path.join(REPO_ROOT, 'dist', 'lib', 'cli', 'client.js');
const marker = randomUUID();
const root = mkdtempSync(path.join(tmpdir(), 'hs-sh-'));
const home = path.join(root, 'home');
const project = path.join(root, 'proj');
const runDir = path.join(root, 'run');

type Run = PipedRun;

const run = (file: string, args: string[], input: string, extra: Record<string, string> = {}): Promise<Run> =>
  runPiped(file, args, input, {
    cwd: project,
    env: Object.assign({}, process.env, {
      HOME: home,
      HOOKSTREAM_RUNTIME_DIR: runDir,
      HOOKSTREAM_DAEMON_IDLE_MS: '120000',
      [MARKER_VARIABLE]: marker,
      ...extra,
    }),
  });

/** What the tools the hook script and the spec's hooks use resolve to on this machine. */
const which = (tool: string): string => {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir !== '' && existsSync(path.join(dir, tool))) return path.join(dir, tool);
  }
  throw new Error(`${tool} is not on PATH: this spec needs it`);
};

/**
 * A PATH directory with the plain tools the script and the hooks use, and `tool` behind a wrapper that notes each
 * use in `<dir>/used` — and nothing else, so the script can take no other path than `tool`'s.
 */
const pathWith = (name: string, tool?: string): string => {
  const bin = path.join(root, name);
  mkdirSync(bin, { recursive: true });
  for (const plain of ['sh', 'bash', 'ls', 'cat', 'grep']) symlinkSync(which(plain), path.join(bin, plain));
  if (tool !== undefined) {
    const wrapper = `#!/bin/sh\necho used >> ${JSON.stringify(path.join(bin, 'used'))}\nexec ${JSON.stringify(which(tool))} "$@"\n`;
    writeFileSync(path.join(bin, tool), wrapper, { mode: 0o755 });
  }
  return bin;
};

/** The script's two paths: perl running hook.pl, and curl. */
const PATHS = [
  { tool: 'perl', bin: pathWith('bin-perl', 'perl') },
  { tool: 'curl', bin: pathWith('bin-curl', 'curl') },
] as const;

/** The shell client as an agent runs the installed entry, perl's path unless `extra` says otherwise. */
const viaShell = (agent: string, event: string, input: string, extra: Record<string, string> = {}): Promise<Run> =>
  run('/bin/sh', [SCRIPT, process.execPath, agent, event, '--installed-by-hookstream'], input, {
    PATH: PATHS[0].bin,
    ...extra,
  });

const viaNode = (agent: string, event: string, input: string, extra: Record<string, string> = {}): Promise<Run> =>
  run(process.execPath, [CLIENT, agent, event, '--installed-by-hookstream'], input, extra);

const killAll = async (): Promise<void> => {
  for (const pid of markedProcesses(marker)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone already
    }
  }
  expect(await eventually(() => markedProcesses(marker).length === 0, 10_000)).toBe(true);
};

/** Denies a tool call whose input mentions `rm -rf`; adds context to every prompt. */
const SETTINGS = {
  tools: { enableHooks: true },
  hooks: {
    BeforeTool: [
      {
        hooks: [
          {
            type: 'command',
            command: `grep -q 'rm -rf' && echo '{"decision":"deny","reason":"rm -rf is not allowed: «here»"}'; exit 0`,
          },
        ],
      },
    ],
    BeforeAgent: [
      { hooks: [{ type: 'command', command: `echo '{"hookSpecificOutput":{"additionalContext":"a & b = c % d"}}'` }] },
    ],
  },
};

const claudeTool = (command: string): string =>
  JSON.stringify({
    session_id: 's1',
    cwd: project,
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command },
  });

/** Agent, event and stdin of calls both clients must answer alike. */
const CALLS: readonly { name: string; agent: string; event: string; input: string }[] = [
  { name: 'a Claude deny (exit 2, stderr)', agent: 'claude', event: 'PreToolUse', input: claudeTool('rm -rf /') },
  { name: 'a Claude allow', agent: 'claude', event: 'PreToolUse', input: claudeTool('ls') },
  {
    name: 'context on a prompt (JSON on stdout)',
    agent: 'claude',
    event: 'UserPromptSubmit',
    input: JSON.stringify({ session_id: 's1', cwd: project, hook_event_name: 'UserPromptSubmit', prompt: 'x+y=z' }),
  },
  {
    name: 'a Cursor deny (JSON and exit 2)',
    agent: 'cursor',
    event: 'preToolUse',
    input: JSON.stringify({ workspace_roots: [project], tool_name: 'Shell', tool_input: { command: 'rm -rf ~' } }),
  },
  {
    name: 'a Gemini deny (JSON)',
    agent: 'gemini',
    event: 'BeforeTool',
    input: JSON.stringify({ cwd: project, tool_name: 'run_shell_command', tool_input: { command: 'rm -rf .' } }),
  },
  {
    name: 'quotes, newlines, %, &, = and + in the payload',
    agent: 'claude',
    event: 'PreToolUse',
    input: claudeTool(`printf '%s\\n' "a&b=c+d%20" 'it'"'"'s'\nrm -rf "$HOME"`),
  },
  {
    name: 'a payload of 1 MB (past any argument list)',
    agent: 'claude',
    event: 'PreToolUse',
    input: claudeTool(`echo ${'x'.repeat(1_000_000)} && rm -rf /`),
  },
  { name: 'stdin that is not JSON', agent: 'claude', event: 'PreToolUse', input: '{"tool_name": ' },
  { name: 'an agent hookstream does not know', agent: 'zed', event: 'PreToolUse', input: claudeTool('ls') },
];

beforeAll(() => {
  mkdirSync(path.join(home, '.hookstream'), { recursive: true });
  mkdirSync(project, { recursive: true });
  writeFileSync(path.join(home, '.hookstream', 'settings.json'), JSON.stringify(SETTINGS));
});

afterAll(async () => {
  try {
    await killAll();
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

describe('the shell hook client', () => {
  it('starts the daemon through the Node client when none listens, then answers on its own socket', async () => {
    const first = await viaShell('claude', 'PreToolUse', claudeTool('rm -rf /'));
    expect(first.code).toBe(2);
    expect(first.stderr).toContain('rm -rf is not allowed: «here»');
    expect(statSync(path.join(runDir, 'daemon-http.sock')).isSocket()).toBe(true);
  });

  describe.each(PATHS)('through $tool', ({ tool, bin }) => {
    it.each(CALLS)('answers $name as the Node client does, byte for byte', async ({ agent, event, input }) => {
      const used = path.join(bin, 'used');
      rmSync(used, { force: true });
      const shell = await viaShell(agent, event, input, { PATH: bin });
      const node = await viaNode(agent, event, input);
      expect(shell).toEqual(node);
      expect(shell.code).not.toBeNull();
      expect(readFileSync(used, 'utf8'), `the script went through ${tool}`).toBe('used\n');
    });

    it('never posts through a runtime directory others can open, or a link to one, though a daemon listens there', async () => {
      expect((await viaShell('claude', 'PreToolUse', claudeTool('ls'), { PATH: bin })).code).toBe(0);
      const link = path.join(root, `run-link-${tool}`);
      symlinkSync(runDir, link);
      const linked = await viaShell('claude', 'PreToolUse', claudeTool('ls'), {
        PATH: bin,
        HOOKSTREAM_RUNTIME_DIR: link,
      });
      expect(linked.code).toBe(2);
      expect(linked.stderr).toMatch(/refusing the daemon's directory: .*denied because hookstream could not decide/);
      chmodSync(runDir, 0o750);
      try {
        const opened = await viaShell('claude', 'PreToolUse', claudeTool('ls'), { PATH: bin });
        expect(opened.code).toBe(2);
        expect(opened.stderr).toMatch(/can be opened by others .*denied because hookstream could not decide/);
      } finally {
        chmodSync(runDir, 0o700);
      }
    });
  });

  it('leaves perl alone when a PERL5 variable could load code into it, and answers through curl', async () => {
    const bin = pathWith('bin-both', 'perl');
    symlinkSync(which('curl'), path.join(bin, 'curl'));
    const extra = { PATH: bin, PERL5OPT: '-MNoSuchModuleOfHookstream' };
    const [allowed, denied] = [
      await viaShell('claude', 'PreToolUse', claudeTool('ls'), extra),
      await viaShell('claude', 'PreToolUse', claudeTool('rm -rf /'), extra),
    ];
    expect(allowed).toEqual(await viaNode('claude', 'PreToolUse', claudeTool('ls')));
    expect(denied).toEqual({ code: 2, stdout: '', stderr: 'rm -rf is not allowed: «here»\n' });
    expect(existsSync(path.join(bin, 'used'))).toBe(false);
  });

  it('forwards exactly the project variables the daemon reads: the project comes from them', async () => {
    const text = readFileSync(SCRIPT, 'utf8');
    const named = [...text.matchAll(/\$\{([A-Z_]+_PROJECT_DIR)\+/g)].map((match) => match[1]);
    expect([...new Set(named)]).toEqual([...PROJECT_VARIABLES]);
    const perl = readFileSync(PERL_SCRIPT, 'utf8');
    const perlNamed = [...perl.matchAll(/'([A-Z_]+_PROJECT_DIR)'/g)].map((match) => match[1]);
    expect([...new Set(perlNamed)]).toEqual([...PROJECT_VARIABLES]);
    // No cwd in the payload and the client in another directory: only CLAUDE_PROJECT_DIR names the project,
    // whose broken settings the daemon then refuses by name.
    const other = path.join(root, 'elsewhere');
    mkdirSync(path.join(other, '.hookstream'), { recursive: true });
    writeFileSync(path.join(other, '.hookstream', 'settings.json'), '{"hooks": ');
    const input = JSON.stringify({
      session_id: 's2',
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
    });
    const node = await viaNode('claude', 'PreToolUse', input, { CLAUDE_PROJECT_DIR: other });
    for (const { bin } of PATHS) {
      const result = await viaShell('claude', 'PreToolUse', input, { CLAUDE_PROJECT_DIR: other, PATH: bin });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(path.join(other, '.hookstream', 'settings.json'));
      expect(result).toEqual(node);
    }
  });

  it("is not steered by the user's .curlrc", async () => {
    const curlrc = path.join(home, '.curlrc');
    writeFileSync(curlrc, '--include\n--output /dev/null\n');
    try {
      const result = await viaShell('claude', 'PreToolUse', claudeTool('rm -rf /'), { PATH: PATHS[1].bin });
      expect(result).toEqual({ code: 2, stdout: '', stderr: 'rm -rf is not allowed: «here»\n' });
    } finally {
      rmSync(curlrc);
    }
  });

  it('hands over to the Node client when neither perl nor curl is on PATH', async () => {
    const result = await viaShell('claude', 'PreToolUse', claudeTool('rm -rf /'), { PATH: pathWith('bin-neither') });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('rm -rf is not allowed: «here»\n');
  });

  it.each(PATHS)(
    'hands the payload over through $tool when the daemon died and left its socket: the next daemon decides it',
    async ({ bin }) => {
      await killAll();
      const result = await viaShell('claude', 'PreToolUse', claudeTool('rm -rf /'), { PATH: bin });
      expect(result).toEqual({ code: 2, stdout: '', stderr: 'rm -rf is not allowed: «here»\n' });
    },
  );
});

/** A listener of the test's own on a runtime directory's shell socket, answering as `answer` says. */
const withFakeDaemon = async (
  answer: (respond: (body: string) => void) => void,
  check: (dir: string) => Promise<void>,
): Promise<void> => {
  const dir = mkdtempSync(path.join(root, 'fake-'));
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      answer((body) => response.end(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(path.join(dir, 'daemon-http.sock'), resolve));
  try {
    await check(dir);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
};

describe('a daemon that goes away with a request', () => {
  it.each(PATHS)(
    'unread: $tool hands the payload over (it was never decided); the next daemon decides it',
    async ({ bin }) => {
      const dir = mkdtempSync(path.join(root, 'dying-'));
      // As a daemon killed a moment ago whose socket the kernel has not closed yet: it accepts and goes.
      // It reads the first bytes of a 1 MB request and goes, the rest unread: the client's connection is reset.
      const dying: NetServer = createNetServer((socket) => {
        socket.once('data', () => {
          socket.destroy();
          dying.close();
        });
      });
      await new Promise<void>((resolve) => dying.listen(path.join(dir, 'daemon-http.sock'), resolve));
      try {
        const result = await viaShell('claude', 'PreToolUse', claudeTool(`echo ${'x'.repeat(1_000_000)}; rm -rf /`), {
          HOOKSTREAM_RUNTIME_DIR: dir,
          PATH: bin,
        });
        expect(result).toEqual({ code: 2, stdout: '', stderr: 'rm -rf is not allowed: «here»\n' });
      } finally {
        // Closed by its first connection already, unless none came.
        if (dying.listening) dying.close();
      }
    },
  );

  it.each(PATHS)('read whole, then gone without a word: $tool denies, since it may have decided', async ({ bin }) => {
    const dir = mkdtempSync(path.join(root, 'gone-'));
    const gone: Server = createServer((request) => {
      request.resume();
      request.on('end', () => request.socket.destroy());
    });
    await new Promise<void>((resolve) => gone.listen(path.join(dir, 'daemon-http.sock'), resolve));
    try {
      const result = await viaShell('claude', 'PreToolUse', claudeTool('ls'), {
        HOOKSTREAM_RUNTIME_DIR: dir,
        PATH: bin,
      });
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/the event is denied because hookstream could not decide\n$/);
    } finally {
      gone.closeAllConnections();
      await new Promise((resolve) => gone.close(resolve));
    }
  });
});

describe.each(PATHS)('a shell client that cannot read an answer through $tool denies, saying why', ({ bin }) => {
  it.each([
    ['no exit code', 'allow\x1e{}\x1e\x1e', /answered without an exit code/],
    ['an answer cut short', '0\x1e{"decision":', /answer was cut short/],
    ['an empty answer', '', /answer was cut short/],
  ])('%s', async (_name, body, reason) => {
    await withFakeDaemon(
      (respond) => {
        respond(body);
      },
      async (dir) => {
        const result = await viaShell('claude', 'PreToolUse', claudeTool('ls'), {
          HOOKSTREAM_RUNTIME_DIR: dir,
          PATH: bin,
        });
        expect(result.code).toBe(2);
        expect(result.stdout).toBe('');
        expect(result.stderr).toMatch(reason);
        expect(result.stderr).toContain('the event is denied because hookstream could not decide');
      },
    );
  });

  it('an answer later than HOOKSTREAM_CLIENT_TIMEOUT_MS; with HOOKSTREAM_ON_FAILURE=warn it exits 1', async () => {
    await withFakeDaemon(
      () => undefined,
      async (dir) => {
        const extra = { HOOKSTREAM_RUNTIME_DIR: dir, HOOKSTREAM_CLIENT_TIMEOUT_MS: '300', PATH: bin };
        const late = await viaShell('claude', 'PreToolUse', claudeTool('ls'), extra);
        expect(late.code).toBe(2);
        expect(late.stderr).toMatch(/did not answer within 300 ms/);
        const warned = await viaShell('claude', 'PreToolUse', claudeTool('ls'), {
          ...extra,
          HOOKSTREAM_ON_FAILURE: 'warn',
        });
        expect(warned.code).toBe(1);
      },
    );
  });
});
