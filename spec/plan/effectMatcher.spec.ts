/**
 * Effect matchers: a group's `effects` runs its hooks for what a call does (a write to `.env` by `Write`,
 * `cat >`, `sed -i` or a patch), never fails open on what cannot be read, follows symlinks, and checks its
 * `examples` at load — in hookstream's own files and in every other agent's.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSettingsSync, type SettingsFile } from '../../lib/config/loadSettings.js';
import { formatProblem } from '../../lib/diagnostics/problems.js';
import { compileEffectMatcher } from '../../lib/plan/effectMatcher.js';

const scratch = mkdtempSync(join(tmpdir(), 'hookstream-effects-'));
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

const call = (tool_name: string, tool_input: Record<string, unknown>, cwd = scratch) => ({
  tool_name,
  tool_input,
  cwd,
});

describe('compileEffectMatcher', () => {
  const { condition, problems } = compileEffectMatcher(
    { writes: ['.env*', 'secrets/**'], egress: '*' },
    { projectDir: scratch },
  );

  it('compiles without problems', () => {
    expect(problems).toEqual([]);
  });

  it.each([
    ['Write', { file_path: '.env', content: 'A=1' }],
    ['Edit', { file_path: join(scratch, 'config/.env.local'), old_string: 'a', new_string: 'b' }],
    ['Bash', { command: 'cat template > .env' }],
    ['Bash', { command: "sed -i 's/a/b/' .env" }],
    ['Bash', { command: 'echo x | tee secrets/token' }],
    ['Bash', { command: 'cp x .env.production' }],
    ['Bash', { command: 'curl https://example.com' }],
    ['write_file', { file_path: '.env', content: '' }],
    ['apply_patch', { input: '*** Begin Patch\n*** Update File: .env\n@@\n-a\n+b\n*** End Patch' }],
    ['shell', { command: ['bash', '-lc', 'echo x >> .env'] }],
  ])('matches %s %j', (tool, input) => {
    expect(condition.test(call(tool, input))).toBe(true);
  });

  it.each([
    ['Write', { file_path: 'src/app.ts', content: '' }],
    ['Bash', { command: 'cat .env' }],
    ['Bash', { command: 'echo hi > out.txt' }],
    ['Read', { file_path: '.env' }],
  ])('does not match %s %j', (tool, input) => {
    expect(condition.test(call(tool, input))).toBe(false);
  });

  it('never fails open: an unknown effect or an unknown path matches', () => {
    expect(condition.test(call('Bash', { command: 'make deploy' }))).toBe(true);
    expect(condition.test(call('Bash', { command: 'echo x > "$TARGET"' }))).toBe(true);
    expect(condition.test(call('Bash', { command: 'echo "unclosed' }))).toBe(true);
    expect(condition.test(call('mcp__db__query', { sql: 'x' }))).toBe(true);
    expect(condition.test(call('SomeNewTool', {}))).toBe(true);
  });

  it('resolves a symlink to a protected file where it exists', () => {
    writeFileSync(join(scratch, '.env'), 'A=1');
    symlinkSync(join(scratch, '.env'), join(scratch, 'innocent.txt'));
    expect(condition.test(call('Write', { file_path: 'innocent.txt', content: '' }))).toBe(true);
  });

  it('resolves relative paths against the call cwd and the project', () => {
    mkdirSync(join(scratch, 'sub'), { recursive: true });
    const { condition: anchored } = compileEffectMatcher({ deletes: 'build/**' }, { projectDir: scratch });
    expect(anchored.test(call('Bash', { command: 'rm -rf build/out' }))).toBe(true);
    expect(anchored.test(call('Bash', { command: 'cd sub && rm x' }))).toBe(false);
  });

  it('matches an MCP tool by the server map', () => {
    const { condition: mcp } = compileEffectMatcher(
      { egress: '*.github.com' },
      { mcp: { github: { '*': ['egress(api.github.com)'] }, notes: { read: ['reads(notes.md)'] } } },
    );
    expect(mcp.test(call('mcp__github__create_issue', {}))).toBe(true);
    expect(mcp.test(call('mcp__notes__read', {}))).toBe(false);
  });

  it('reports unknown classes, bad patterns and failing examples at their pointer', () => {
    const compiled = compileEffectMatcher({
      writez: ['x'],
      egress: [],
      writes: '.env*',
      examples: { match: ['cat x > .env', 'echo hi'], notMatch: ['cat x > .env.local', 42] },
    });
    expect(compiled.problems.map((problem) => problem.pointer)).toEqual([
      '/writez',
      '/egress',
      '/examples/match/1',
      '/examples/notMatch/0',
      '/examples/notMatch/1',
    ]);
    expect(compiled.problems[2]?.message).toContain('example "echo hi" does not match');
  });
});

describe('effects in settings files', () => {
  const write = (path: string, content: string): string => {
    const file = join(scratch, path);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, content);
    return file;
  };

  it('loads an effects group from hookstream and Claude files, and a failing example is an error with file, pointer and line', () => {
    const own = write(
      'own/settings.json',
      JSON.stringify(
        {
          tools: { enableHooks: true },
          hooks: {
            BeforeTool: [
              {
                effects: { writes: ['.env*'], examples: { match: ['cat x > .env'], notMatch: ['cat .env'] } },
                hooks: [{ type: 'command', command: './guard.sh' }],
              },
            ],
          },
        },
        null,
        2,
      ),
    );
    const claude = write(
      'claude/settings.json',
      JSON.stringify(
        {
          hooks: {
            PreToolUse: [
              {
                effects: { egress: '*', examples: { notMatch: ['curl https://x.example.com'] } },
                hooks: [{ type: 'command', command: './net.sh' }],
              },
            ],
          },
        },
        null,
        2,
      ),
    );
    const files: SettingsFile[] = [
      { scope: 'user', path: own },
      { scope: 'user', path: claude, dialect: 'claude', dialectScope: 'user' },
    ];
    const settings = loadSettingsSync(files);
    const guard = settings.entries.find(
      (entry) => entry.definition.type === 'command' && entry.definition.command === './guard.sh',
    );
    expect(guard?.condition?.test(call('Bash', { command: 'echo A=1 >> .env' }))).toBe(true);
    expect(guard?.condition?.test(call('Bash', { command: 'ls' }))).toBe(false);
    const net = settings.entries.find(
      (entry) => entry.definition.type === 'command' && entry.definition.command === './net.sh',
    );
    // A failing example leaves the matcher unapplied (fails closed): the group runs on every call.
    expect(net).toBeDefined();
    expect(net?.condition).toBeUndefined();
    const lines = settings.problems.map(formatProblem);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/\/hooks\/PreToolUse\/0\/effects: .*the hooks run on every call/);
    expect(lines[0]).toMatch(
      /claude\/settings\.json:\d+:\d+ \/hooks\/PreToolUse\/0\/effects\/examples\/notMatch\/0: example "curl https:\/\/x\.example\.com" matches/,
    );
    expect(settings.problems[0]?.severity).toBe('error');
  });
});
