import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CLAUDE,
  CODEX,
  COPILOT,
  CURSOR,
  GEMINI,
  HOOKSTREAM,
  dialectEvent,
  type Dialect,
} from '../../lib/dialects/index.js';
import type { CommandHookConfig } from '../../lib/model/types.js';
import {
  dialectVariables,
  prepareDialectCommand,
  rewriteShellPlaceholders,
  type DialectHookContext,
} from '../../lib/protocol/dialectEnv.js';
import { MARKER_VARIABLE, markedProcesses } from '../process/processHarness.js';

const context = (dialect: Dialect, native: string, extra: Partial<DialectHookContext> = {}): DialectHookContext => {
  const event = dialectEvent(dialect, native);
  if (event === undefined) throw new Error(`no ${native}`);
  return { dialect, event, projectDir: '/repo', sessionId: 's1', ...extra };
};
const shell = (command: string): CommandHookConfig => ({ type: 'command', command });

describe('dialectVariables', () => {
  it('Claude Code: the project dir always; plugin root and data for plugin hooks; the env file on its four events', () => {
    expect(dialectVariables(context(CLAUDE, 'PreToolUse'))).toEqual({ CLAUDE_PROJECT_DIR: '/repo' });
    const plugin = {
      bundle: { root: '/p/guard', dataDir: '/c/plugins/data/guard' },
      envFile: '/tmp/e.env',
      effort: 'high',
    };
    expect(dialectVariables(context(CLAUDE, 'SessionStart', plugin))).toEqual({
      CLAUDE_PROJECT_DIR: '/repo',
      CLAUDE_PLUGIN_ROOT: '/p/guard',
      CLAUDE_PLUGIN_DATA: '/c/plugins/data/guard',
      CLAUDE_ENV_FILE: '/tmp/e.env',
      CLAUDE_EFFORT: 'high',
    });
    expect(dialectVariables(context(CLAUDE, 'PreToolUse', plugin))).not.toHaveProperty('CLAUDE_ENV_FILE');
  });

  it('Gemini CLI: the project dir under both names, the session id and the current directory', () => {
    expect(dialectVariables(context(GEMINI, 'BeforeTool', { cwd: '/repo/src' }))).toEqual({
      GEMINI_PROJECT_DIR: '/repo',
      CLAUDE_PROJECT_DIR: '/repo',
      GEMINI_SESSION_ID: 's1',
      GEMINI_CWD: '/repo/src',
    });
    expect(dialectVariables(context(GEMINI, 'BeforeTool')).GEMINI_CWD).toBe('/repo');
  });

  it("Cursor: its documented variables — CURSOR_VERSION always, the e-mail and transcript when known — and Claude's alias", () => {
    expect(dialectVariables(context(CURSOR, 'preToolUse'))).toEqual({
      CURSOR_PROJECT_DIR: '/repo',
      CURSOR_VERSION: 'hookstream',
      CLAUDE_PROJECT_DIR: '/repo',
    });
    const known = { agentVersion: '2.0.77', userEmail: 'u@example.com', transcriptPath: '/t.jsonl' };
    expect(dialectVariables(context(CURSOR, 'preToolUse', known))).toEqual({
      CURSOR_PROJECT_DIR: '/repo',
      CURSOR_VERSION: '2.0.77',
      CURSOR_USER_EMAIL: 'u@example.com',
      CURSOR_TRANSCRIPT_PATH: '/t.jsonl',
      CLAUDE_PROJECT_DIR: '/repo',
    });
  });

  it("Copilot and Codex document no variable of their own for hooks: none, and no other agent's", () => {
    expect(dialectVariables(context(COPILOT, 'preToolUse'))).toEqual({});
    expect(dialectVariables(context(CODEX, 'PreToolUse'))).toEqual({});
  });

  it('hookstream: the variables buildHookEnv already sets', () => {
    expect(Object.keys(dialectVariables(context(HOOKSTREAM, 'BeforeTool')))).toEqual([
      'HOOKSTREAM_PROJECT_DIR',
      'LLXPRT_PROJECT_DIR',
      'GEMINI_PROJECT_DIR',
      'CLAUDE_PROJECT_DIR',
      'HOOKSTREAM_SESSION_ID',
    ]);
  });
});

describe('rewriteShellPlaceholders', () => {
  const root = { token: '${CLAUDE_PLUGIN_ROOT}', variable: 'CLAUDE_PLUGIN_ROOT', resolved: '/p' };
  const bare = { token: '$GEMINI_PROJECT_DIR', variable: 'GEMINI_PROJECT_DIR', resolved: '/repo' };
  const slash = { token: '${/}', constant: '/', resolved: '/' };
  it.each([
    ['node ${CLAUDE_PLUGIN_ROOT}/a.js', 'node "${CLAUDE_PLUGIN_ROOT}"/a.js'],
    ['node "${CLAUDE_PLUGIN_ROOT}/a.js"', 'node "${CLAUDE_PLUGIN_ROOT}/a.js"'],
    ["node '${CLAUDE_PLUGIN_ROOT}/a.js'", `node ''"\${CLAUDE_PLUGIN_ROOT}"'/a.js'`],
    ["x $'${CLAUDE_PLUGIN_ROOT}\\n'", `x $''"\${CLAUDE_PLUGIN_ROOT}"$'\\n'`],
    ['echo \\${CLAUDE_PLUGIN_ROOT}', 'echo \\${CLAUDE_PLUGIN_ROOT}'],
    ['cd $GEMINI_PROJECT_DIR && ls', 'cd "${GEMINI_PROJECT_DIR}" && ls'],
    ['echo $GEMINI_PROJECT_DIRS', 'echo $GEMINI_PROJECT_DIRS'],
    ['a${/}b', 'a/b'],
    ["echo '\\' ${CLAUDE_PLUGIN_ROOT}", `echo '\\' "\${CLAUDE_PLUGIN_ROOT}"`],
  ])('%s → %s', (command, expected) => {
    expect(rewriteShellPlaceholders(command, [root, bare, slash])).toBe(expected);
  });
});

describe('prepareDialectCommand', () => {
  it('returns the definition itself when it holds no placeholder', () => {
    const definition = shell('./guard.sh');
    expect(prepareDialectCommand(definition, context(CLAUDE, 'PreToolUse'))).toEqual({
      definition,
      env: {},
      problems: [],
      directories: [],
    });
    expect(prepareDialectCommand(definition, context(CLAUDE, 'PreToolUse')).definition).toBe(definition);
  });

  it('shell form: quoted variable references, with the values in the returned environment', () => {
    const prepared = prepareDialectCommand(
      shell('node ${CLAUDE_PLUGIN_ROOT}/hook.js'),
      context(CLAUDE, 'PreToolUse', { bundle: { root: '/p' } }),
    );
    expect(prepared.definition.command).toBe('node "${CLAUDE_PLUGIN_ROOT}"/hook.js');
    expect(prepared.env).toEqual({ CLAUDE_PLUGIN_ROOT: '/p' });
  });

  it('exec form: values written into the command and each argument', () => {
    const prepared = prepareDialectCommand(
      { type: 'command', command: '${CLAUDE_PLUGIN_ROOT}/bin/run', args: ['${CLAUDE_PLUGIN_DATA}/cfg', '--x'] },
      context(CLAUDE, 'PreToolUse', { bundle: { root: '/p', dataDir: '/d' } }),
    );
    expect(prepared.definition).toEqual({ type: 'command', command: '/p/bin/run', args: ['/d/cfg', '--x'] });
    expect(prepared.env).toEqual({});
  });

  it('reports a placeholder with no value here and leaves it as written', () => {
    const prepared = prepareDialectCommand(shell('node ${CLAUDE_PLUGIN_ROOT}/x.js'), context(CLAUDE, 'PreToolUse'));
    expect(prepared.definition.command).toBe('node ${CLAUDE_PLUGIN_ROOT}/x.js');
    expect(prepared.problems).toEqual([
      '${CLAUDE_PLUGIN_ROOT} has no value for this hook (it is only set for a plugin or extension); left as written',
    ]);
  });

  it('reports plugin options it cannot fill', () => {
    expect(
      prepareDialectCommand(
        { type: 'command', command: 'x', args: ['${user_config.url}'] },
        context(CLAUDE, 'PreToolUse'),
      ).problems,
    ).toEqual(['${user_config.*} plugin options are not supported; the text is left as written']);
  });

  it('Gemini CLI extensions: ${extensionPath}, ${workspacePath} and ${/}', () => {
    const prepared = prepareDialectCommand(
      shell('node ${extensionPath}${/}hook.js --ws ${workspacePath}'),
      context(GEMINI, 'BeforeTool', { bundle: { root: '/ext/a' } }),
    );
    expect(prepared.definition.command).toBe(
      'node "${HOOKSTREAM_EXTENSION_PATH}"/hook.js --ws "${HOOKSTREAM_WORKSPACE_PATH}"',
    );
    expect(prepared.env).toEqual({ HOOKSTREAM_EXTENSION_PATH: '/ext/a', HOOKSTREAM_WORKSPACE_PATH: '/repo' });
  });

  it('hookstream substitutes nothing', () => {
    const definition = shell('node ${CLAUDE_PLUGIN_ROOT}/x.js');
    expect(
      prepareDialectCommand(definition, context(HOOKSTREAM, 'BeforeTool', { bundle: { root: '/p' } })).definition,
    ).toBe(definition);
  });
});

describe('prepareDialectCommand with a real shell and a hostile plugin path', () => {
  let dir: string;
  let root: string;
  const marker = `dialect-env-${process.pid}-${Date.now()}`;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'hookstream-dialect-env-'));
    // A directory name holding a command substitution, backticks, both quotes and a space.
    root = path.join(dir, `plug in'$(touch PWNED)"\`touch PWNED2\``);
    mkdirSync(root);
    writeFileSync(path.join(root, 'hook.sh'), 'echo "ran with $1"\n');
  });
  afterEach(() => {
    expect(markedProcesses(marker)).toEqual([]);
    rmSync(dir, { recursive: true, force: true });
  });

  const runShell = (command: string, env: Record<string, string>): string =>
    execFileSync('bash', ['-c', command], {
      cwd: dir,
      env: { PATH: process.env.PATH, [MARKER_VARIABLE]: marker, ...env },
      encoding: 'utf8',
    });

  it.each([
    'bash ${CLAUDE_PLUGIN_ROOT}/hook.sh ok',
    'bash "${CLAUDE_PLUGIN_ROOT}/hook.sh" ok',
    "bash '${CLAUDE_PLUGIN_ROOT}/hook.sh' ok",
    'cd ${CLAUDE_PLUGIN_ROOT} && bash ./hook.sh ok',
  ])('runs %s without running what the path holds', (command) => {
    const ctx = context(CLAUDE, 'PreToolUse', { projectDir: dir, bundle: { root } });
    const prepared = prepareDialectCommand(shell(command), ctx);
    expect(runShell(prepared.definition.command, { ...dialectVariables(ctx), ...prepared.env })).toBe('ran with ok\n');
    expect(existsSync(path.join(dir, 'PWNED'))).toBe(false);
    expect(existsSync(path.join(dir, 'PWNED2'))).toBe(false);
  });

  it('the textual substitution it replaces would have run the path (the check above can fail)', () => {
    const plain = path.join(dir, 'x$(touch PWNED)');
    mkdirSync(plain);
    writeFileSync(path.join(plain, 'hook.sh'), 'echo ran\n');
    const naive = 'bash "${CLAUDE_PLUGIN_ROOT}/hook.sh"'.replace('${CLAUDE_PLUGIN_ROOT}', plain);
    try {
      runShell(naive, {});
    } catch {
      // The mangled path no longer names the script; what matters is what ran on the way.
    }
    expect(existsSync(path.join(dir, 'PWNED'))).toBe(true);
  });

  it('exec form passes the path as one argument, no shell involved', () => {
    const ctx = context(CLAUDE, 'PreToolUse', { projectDir: dir, bundle: { root } });
    const prepared = prepareDialectCommand(
      { type: 'command', command: 'bash', args: ['${CLAUDE_PLUGIN_ROOT}/hook.sh', 'ok'] },
      ctx,
    );
    const output = execFileSync(prepared.definition.command, prepared.definition.args ?? [], {
      cwd: dir,
      env: { PATH: process.env.PATH, [MARKER_VARIABLE]: marker },
      encoding: 'utf8',
    });
    expect(output).toBe('ran with ok\n');
    expect(existsSync(path.join(dir, 'PWNED'))).toBe(false);
  });

  it('a Gemini CLI extension hook finds its script through ${extensionPath}${/}', () => {
    const ctx = context(GEMINI, 'BeforeTool', { projectDir: dir, bundle: { root } });
    const prepared = prepareDialectCommand(shell("bash '${extensionPath}${/}hook.sh' ok"), ctx);
    expect(runShell(prepared.definition.command, { ...dialectVariables(ctx), ...prepared.env })).toBe('ran with ok\n');
    expect(existsSync(path.join(dir, 'PWNED2'))).toBe(false);
  });
});
