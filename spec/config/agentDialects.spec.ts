/**
 * Cursor, GitHub Copilot and Codex hook files through the one loader (issue 14): found at their real locations
 * (project, an isolated home, Copilot's policy directory pointed elsewhere), read as their agents read them —
 * flat hook lists, per-platform command keys, seconds, anchored matchers, per-tool events, per-file switches —
 * and every file or hook that cannot be used reported with its reason.
 */
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSettingsSync, standardSettingsFiles } from '../../lib/config/loadSettings.js';
import type { LoadedEntry } from '../../lib/config/readSettings.js';
import { dedupEntries } from '../../lib/plan/dedup.js';

const scratch = mkdtempSync(join(tmpdir(), 'hookstream-agents-'));
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

let cases = 0;
/**
 * A fresh project, home and policy directory with `files` (paths relative to the case directory) as JSON;
 * `directories` are more variables, each naming a directory relative to the case (`COPILOT_HOME`, `CODEX_HOME`).
 */
const world = (files: Record<string, unknown>, directories: Record<string, string> = {}) => {
  const root = join(scratch, String((cases += 1)));
  for (const [file, content] of Object.entries(files)) {
    const target = join(root, file);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, JSON.stringify(content, null, 2));
  }
  const project = join(root, 'project');
  const home = join(root, 'home');
  const policy = join(root, 'policy.d');
  for (const dir of [project, home, policy]) mkdirSync(dir, { recursive: true });
  chmodSync(policy, 0o755);
  const env: Record<string, string> = { HOOKSTREAM_COPILOT_POLICY_DIR: policy };
  for (const [name, directory] of Object.entries(directories)) env[name] = join(root, directory);
  const load = () => loadSettingsSync(standardSettingsFiles(project, home, { variables: env }));
  return { project, home, policy, load };
};

const row = (entry: LoadedEntry) => [
  entry.event,
  entry.origin.dialect,
  entry.origin.nativeEvent,
  entry.definition.type === 'command' ? entry.definition.command : entry.definition.type,
];

describe('Cursor: .cursor/hooks.json and ~/.cursor/hooks.json', () => {
  it('reads flat hook lists: seconds, failClosed, a hook matcher, and per-tool events as tool filters', () => {
    const { load, project } = world({
      'project/.cursor/hooks.json': {
        version: 1,
        hooks: {
          preToolUse: [{ command: './guard.sh', matcher: 'Shell|Write', timeout: 5, failClosed: true }],
          beforeShellExecution: [{ command: './shell.sh' }],
          beforeReadFile: [{ command: './read.sh', matcher: 'ignored' }],
          afterAgentThought: [{ command: './thought.sh' }],
        },
      },
    });
    const loaded = load();
    expect(loaded.entries.map(row)).toEqual([
      ['BeforeTool', 'cursor', 'preToolUse', './guard.sh'],
      ['BeforeTool', 'cursor', 'beforeShellExecution', './shell.sh'],
      ['BeforeTool', 'cursor', 'beforeReadFile', './read.sh'],
    ]);
    const [guard, shell, read] = loaded.entries as [LoadedEntry, LoadedEntry, LoadedEntry];
    expect(guard.definition).toMatchObject({ timeout: 5000, failurePolicy: 'block' });
    expect(guard.matcher?.test('Write')).toBe(true);
    expect(shell.matcher?.test('Bash')).toBe(true);
    expect(shell.matcher?.test('Shell')).toBe(true);
    expect(shell.matcher?.test('Read')).toBe(false);
    expect(read.matcher?.test('Read')).toBe(true);
    expect(read.matcher?.test('Bash')).toBe(false);
    const file = join(project, '.cursor', 'hooks.json');
    expect(loaded.problems.map((problem) => [problem.file, problem.pointer, problem.message])).toEqual([
      [
        file,
        '/hooks/beforeReadFile/0/matcher',
        'beforeReadFile has no matcher in Cursor; it is ignored and the hooks run on every event',
      ],
      [
        file,
        '/hooks/afterAgentThought',
        'Cursor event afterAgentThought has no hookstream event; its hooks are ignored',
      ],
    ]);
  });

  it("runs a user file's relative commands in ~/.cursor, with the directory as a variable, never as shell text", () => {
    const { load, home } = world({
      'home/.cursor/hooks.json': { version: 1, hooks: { sessionStart: [{ command: './hooks/start.sh' }] } },
    });
    const [entry] = load().entries;
    expect(entry?.definition).toMatchObject({
      command: 'cd -- "$HOOKSTREAM_HOOK_CWD" && ./hooks/start.sh',
      env: { HOOKSTREAM_HOOK_CWD: join(home, '.cursor') },
    });
    expect(entry?.origin.source).toBe('user');
  });

  it('runs one hook shipped for both Claude Code and Cursor once', () => {
    const { load } = world({
      'project/.claude/settings.json': {
        hooks: { SessionStart: [{ hooks: [{ type: 'command', command: 'sh hooks/session-start.sh' }] }] },
      },
      'project/.cursor/hooks.json': { version: 1, hooks: { sessionStart: [{ command: 'sh hooks/session-start.sh' }] } },
    });
    const loaded = load();
    expect(loaded.entries.map((entry) => entry.origin.dialect)).toEqual(['claude', 'cursor']);
    expect(dedupEntries(loaded.entries, undefined).kept.map((entry) => entry.origin.dialect)).toEqual(['claude']);
  });
});

describe('GitHub Copilot: .github/hooks/*.json, ~/.copilot/hooks/*.json and the policy directory', () => {
  it('reads every file in name order: bash on this platform, timeoutSec, anchored matchers, cwd', () => {
    const { load, project } = world({
      'project/.github/hooks/b-audit.json': {
        version: 1,
        hooks: { postToolUse: [{ type: 'command', bash: './audit.sh', powershell: './audit.ps1', timeoutSec: 5 }] },
      },
      'project/.github/hooks/a-policy.json': {
        version: 1,
        hooks: {
          preToolUse: [
            { type: 'command', bash: './policy.sh', matcher: 'bash|edit', timeoutSec: 2, timeout: 9, cwd: 'scripts' },
            { type: 'command', powershell: './only-windows.ps1' },
            { type: 'command', command: './both.sh' },
          ],
        },
      },
      'project/.github/hooks/notes.txt': 'not a hooks file',
    });
    const loaded = load();
    expect(loaded.entries.map(row)).toEqual([
      ['BeforeTool', 'copilot', 'preToolUse', 'cd -- "$HOOKSTREAM_HOOK_CWD" && ./policy.sh'],
      ['BeforeTool', 'copilot', 'preToolUse', './both.sh'],
      ['AfterTool', 'copilot', 'postToolUse', './audit.sh'],
    ]);
    const [policy, both, audit] = loaded.entries as [LoadedEntry, LoadedEntry, LoadedEntry];
    expect(policy.definition).toMatchObject({ timeout: 2000, env: { HOOKSTREAM_HOOK_CWD: join(project, 'scripts') } });
    expect(policy.matcher?.test('bash')).toBe(true);
    expect(policy.matcher?.test('bashful')).toBe(false);
    expect(both.definition).toMatchObject({ timeout: 30_000 });
    expect(audit.definition).toMatchObject({ timeout: 5000 });
    expect(loaded.problems.map((problem) => [problem.pointer, problem.message])).toEqual([
      [
        '/hooks/preToolUse/1/powershell',
        'this hook has only "powershell", which GitHub Copilot runs on Windows; skipped on this platform',
      ],
    ]);
  });

  it("disableAllHooks turns off its own file's hooks only", () => {
    const { load } = world({
      'project/.github/hooks/off.json': {
        version: 1,
        disableAllHooks: true,
        hooks: { sessionStart: [{ type: 'command', bash: './off.sh' }] },
      },
      'project/.github/hooks/on.json': { version: 1, hooks: { sessionStart: [{ type: 'command', bash: './on.sh' }] } },
    });
    const loaded = load();
    const inactive = [...loaded.inactive].map(([entry, reason]) => [entry.name, reason]);
    expect(inactive).toEqual([
      [
        './off.sh',
        expect.stringMatching(/^switched off by "disableAllHooks": true in GitHub Copilot settings .*off\.json$/),
      ],
    ]);
    expect(loaded.enabled).toBe(true);
  });

  it('honours policy files owned by root and writable by nobody else, and refuses any other with its reason', () => {
    const { load, policy } = world({
      'policy.d/10-root.json': { version: 1, hooks: { preToolUse: [{ type: 'command', bash: './deny.sh' }] } },
      'policy.d/20-writable.json': { version: 1, hooks: { preToolUse: [{ type: 'command', bash: './open.sh' }] } },
      'policy.d/30-user.json': { version: 1, hooks: { preToolUse: [{ type: 'command', bash: './mine.sh' }] } },
    });
    chmodSync(join(policy, '10-root.json'), 0o644);
    chmodSync(join(policy, '20-writable.json'), 0o666);
    chmodSync(join(policy, '30-user.json'), 0o644);
    chownSync(join(policy, '30-user.json'), 1000, 1000);
    const loaded = load();
    expect(loaded.entries.map(row)).toEqual([['BeforeTool', 'copilot', 'preToolUse', './deny.sh']]);
    expect(loaded.entries[0]?.origin.source).toBe('system');
    expect(loaded.problems.map((problem) => [problem.file, problem.message, problem.fileInactive])).toEqual([
      [
        join(policy, '20-writable.json'),
        'policy hooks files must be owned by root and not writable by group or others, but it is writable by group or others (mode 0666); no hook from this file is active',
        true,
      ],
      [
        join(policy, '30-user.json'),
        'policy hooks files must be owned by root and not writable by group or others, but it is owned by uid 1000, not root; no hook from this file is active',
        true,
      ],
    ]);
  });

  it('refuses every file of a policy directory others can write', () => {
    const { load, policy } = world({
      'policy.d/policy.json': { version: 1, hooks: { preToolUse: [{ type: 'command', bash: './deny.sh' }] } },
    });
    chmodSync(policy, 0o777);
    const loaded = load();
    expect(loaded.entries).toEqual([]);
    expect(loaded.problems[0]?.message).toContain(
      `policy hooks directory ${policy} must be owned by root and not writable by group or others, but it is writable by group or others (mode 0777)`,
    );
  });

  it("cannot be switched off by another scope's disableAllHooks, and user files follow COPILOT_HOME", () => {
    const { load } = world(
      {
        'policy.d/policy.json': { version: 1, hooks: { sessionStart: [{ type: 'command', bash: './policy.sh' }] } },
        'copilot-home/hooks/user.json': {
          version: 1,
          disableAllHooks: true,
          hooks: { sessionStart: [{ type: 'command', bash: './user.sh' }] },
        },
      },
      { COPILOT_HOME: 'copilot-home' },
    );
    const loaded = load();
    expect(loaded.entries.map((entry) => [entry.name, entry.origin.source])).toEqual([
      ['./user.sh', 'user'],
      ['./policy.sh', 'system'],
    ]);
    expect([...loaded.inactive.keys()].map((entry) => entry.name)).toEqual(['./user.sh']);
  });
});

describe('Codex: .codex/hooks.json and $CODEX_HOME/hooks.json', () => {
  it("reads Claude Code's shape with regex matchers, seconds, Codex's defaults, and skips what Codex skips", () => {
    const { load } = world(
      {
        'project/.codex/hooks.json': {
          hooks: {
            PreToolUse: [
              {
                matcher: 'Bash',
                hooks: [
                  { type: 'command', command: './guard.sh', commandWindows: 'guard.cmd', timeout: 30 },
                  { type: 'prompt', prompt: 'is this safe?' },
                ],
              },
            ],
            SessionEnd: [{ hooks: [{ type: 'command', command: './bye.sh' }] }],
            Interrupt: [{ hooks: [{ type: 'command', command: './int.sh' }] }],
          },
        },
        'codex-home/hooks.json': { hooks: { Stop: [{ hooks: [{ type: 'command', command: './stop.sh' }] }] } },
      },
      { CODEX_HOME: 'codex-home' },
    );
    const loaded = load();
    expect(loaded.entries.map(row)).toEqual([
      ['BeforeTool', 'codex', 'PreToolUse', './guard.sh'],
      ['SessionEnd', 'codex', 'SessionEnd', './bye.sh'],
      ['AfterAgent', 'codex', 'Stop', './stop.sh'],
    ]);
    const [guard, bye, stop] = loaded.entries as [LoadedEntry, LoadedEntry, LoadedEntry];
    expect(guard.definition).toMatchObject({ timeout: 30_000 });
    // Codex matchers are regular expressions: `Bash` also names BashOutput, unlike Claude's exact names.
    expect(guard.matcher?.test('BashOutput')).toBe(true);
    expect(bye.definition).toMatchObject({ timeout: 1000 });
    expect(stop.definition).toMatchObject({ timeout: 600_000 });
    expect(loaded.problems.map((problem) => [problem.pointer, problem.message])).toEqual([
      [
        '/hooks/PreToolUse/0/hooks/1/type',
        'Codex "prompt" hooks are not run by hookstream; skipped (this file may have more)',
      ],
      ['/hooks/Interrupt', 'Codex event Interrupt has no hookstream event; its hooks are ignored'],
    ]);
  });
});
