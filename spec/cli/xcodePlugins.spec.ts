/**
 * x-code plugins, with hooks written as its documentation shows them, through the real `hookstream` and real
 * processes: installed under `~/.x-code/plugins/cache/<marketplace>/<name>/<version>/`, the seed's own `lint.js`
 * runs unchanged and denies a write that fails lint; a manifest's `"hooks": "./hooks/hooks.json"` is followed;
 * `${pluginDir}`, `${pluginDataDir}` (created on first use), `${sep}` and `${env:NAME}` are filled in as data,
 * never shell text; several hooks of a decision event run in registration order, a deny ends the chain and a
 * later `modify` replaces the tool input; exit 2 is a failure, not a block; `failurePolicy: "block"` blocks on
 * a crash; a deny on PostToolUse is ignored, its `modify.output` replaces the result; SessionStart stdout is
 * ignored; timeouts above 30 s are cut with a warning.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI_TEST_TIMEOUT_MS, CliWorld, type CliCase } from './cliHarness.js';

const world = new CliWorld();
const FIXTURES = fileURLToPath(new URL('../fixtures/xcode/', import.meta.url));

afterAll(() => world.finish());

interface Installed {
  readonly where: CliCase;
  readonly root: string;
}

/** A case whose HOME has one x-code plugin `<name>@<marketplace>` 1.0.0 with `manifest` and the fixture scripts. */
const install = (
  name: string,
  manifest: Record<string, unknown>,
  files: Record<string, unknown> = {},
  marketplace = 'acme',
): Installed => {
  const bin = path.join(world.root, name, 'bin');
  const where = world.setUpCase(name, {}, { PATH: `${bin}:${process.env.PATH ?? ''}`, XC_TOKEN: '$(touch pwned)' });
  const root = path.join(where.home, '.x-code', 'plugins', 'cache', marketplace, 'plugin', '1.0.0');
  mkdirSync(path.join(root, 'hooks'), { recursive: true });
  mkdirSync(bin, { recursive: true });
  copyFileSync(path.join(FIXTURES, 'eslint'), path.join(bin, 'eslint'));
  copyFileSync(path.join(FIXTURES, 'ts-lint-gate', 'hooks', 'lint.js'), path.join(root, 'hooks', 'lint.js'));
  copyFileSync(path.join(FIXTURES, 'record.js'), path.join(root, 'hooks', 'record.js'));
  const at = (file: string) => path.relative(world.root, path.join(root, file));
  world.write(at('plugin.json'), manifest);
  for (const [file, content] of Object.entries(files)) world.write(at(file), content);
  return { where, root };
};

const xcode = ['--dialect', 'xcode'];
/** What x-code sends for a write of `file`. */
const write = (where: CliCase, file: string) => ({
  session: { cwd: where.project, modelId: 'anthropic:claude-sonnet-4-6' },
  tool: { name: 'writeFile', args: { path: file, content: 'const x = 1\n' }, callId: 'call_1' },
});
const lines = (file: string): Record<string, unknown>[] =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>)
    : [];
/** `node ${pluginDir}/hooks/record.js <file> '<answer>' <exit>`: the command as a plugin author writes it. */
const record = (file: string, answer?: unknown, exit?: number): string =>
  [
    'node ${pluginDir}/hooks/record.js',
    file,
    answer === undefined ? '' : `'${JSON.stringify(answer)}'`,
    exit === undefined ? '' : String(exit),
  ]
    .filter(Boolean)
    .join(' ');

describe('x-code plugins', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it("the seed's lint.js runs unchanged: untrusted until approved, then denies a .ts write that fails lint", async () => {
    const manifest = JSON.parse(readFileSync(path.join(FIXTURES, 'ts-lint-gate', 'plugin.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    const { where } = install('lint', manifest);
    world.write('lint/project/src/bad.ts', 'var x = 1\n');
    world.write('lint/project/src/good.ts', 'const x = 1\n');
    const listed = await world.run(['list', '--project-dir', where.project], { env: where.env });
    expect(listed.stdout).toContain('xcode PreToolUse');
    expect(listed.stdout).toContain('5000 ms');

    const before = await world.fire(where, 'PreToolUse', write(where, 'src/bad.ts'), xcode);
    expect(before.result?.hooks.map((hook) => hook.outcome)).toEqual(['untrusted']);

    await world.approve(where);
    const bad = await world.fire(where, 'PreToolUse', write(where, 'src/bad.ts'), xcode);
    expect(bad.run.stderr).toBe('');
    expect(bad.result?.blocked).toBe(true);
    expect(bad.result?.decision).toBe('deny');
    expect(bad.result?.reason).toContain('Lint failed:\nsrc/bad.ts: Unexpected var');
    const good = await world.fire(where, 'PreToolUse', write(where, 'src/good.ts'), xcode);
    expect(good.result?.blocked).toBe(false);
    expect(good.result?.warnings).toEqual([]);
    expect(good.result?.hooks.map((hook) => hook.outcome)).toEqual(['success']);
    const notTs = await world.fire(where, 'PreToolUse', write(where, 'README.md'), xcode);
    expect(notTs.result?.hooks.map((hook) => hook.outcome)).toEqual(['success']);
    // The matcher is a regular expression over the tool name: readFile does not fire it.
    const read = await world.fire(where, 'PreToolUse', { tool: { name: 'readFile', args: { path: 'a.ts' } } }, xcode);
    expect(read.result?.hooks).toEqual([]);
  });

  it('a referenced hooks.json, the payload, and variables as data: ${pluginDataDir} made, ${env:NAME} never run', async () => {
    const hooks = {
      PreToolUse: [{ command: `${record('${pluginDataDir}${sep}seen.jsonl')} && echo \${env:XC_TOKEN} > token.txt` }],
      UserPromptSubmit: [{ command: record('prompts.jsonl', { decision: 'allow', context: 'Sprint 42' }) }],
    };
    const { where, root } = install(
      'referenced',
      { name: 'audit', hooks: './hooks/hooks.json' },
      {
        'hooks/hooks.json': hooks,
      },
    );
    await world.approve(where);
    const fired = await world.fire(where, 'PreToolUse', write(where, 'src/a.ts'), xcode);
    expect(fired.run.stderr).toBe('');
    expect(fired.result?.hooks.map((hook) => hook.outcome)).toEqual(['success']);
    const dataDir = path.join(where.home, '.x-code', 'plugins', 'data', 'plugin@acme');
    const [payload] = lines(path.join(dataDir, 'seen.jsonl'));
    expect(payload).toMatchObject({
      event: 'PreToolUse',
      session: { cwd: where.project, modelId: 'anthropic:claude-sonnet-4-6' },
      plugin: { id: 'plugin@acme', dir: root },
      tool: { name: 'writeFile', args: { path: 'src/a.ts', content: 'const x = 1\n' }, callId: 'call_1' },
    });
    expect(readFileSync(path.join(where.project, 'token.txt'), 'utf8')).toBe('$(touch pwned)\n');
    expect(existsSync(path.join(where.project, 'pwned'))).toBe(false);

    const prompt = await world.fire(where, 'UserPromptSubmit', { prompt: 'Refactor X to do Y' }, xcode);
    expect(prompt.result?.additionalContext).toBe('Sprint 42');
    expect(lines(path.join(where.project, 'prompts.jsonl'))[0]).toMatchObject({
      event: 'UserPromptSubmit',
      prompt: 'Refactor X to do Y',
    });
  });

  it('an install path holding $(…) is never run: ${pluginDir} is a quoted reference', async () => {
    const hooks = { PreToolUse: [{ command: record('seen.jsonl') }] };
    const { where } = install('hostile', { name: 'x', hooks }, {}, 'm$(touch pwned)');
    await world.approve(where);
    const fired = await world.fire(where, 'PreToolUse', write(where, 'a'), xcode);
    expect(fired.run.stderr).toBe('');
    expect(fired.result?.hooks.map((hook) => hook.outcome)).toEqual(['success']);
    expect(lines(path.join(where.project, 'seen.jsonl'))).toHaveLength(1);
    expect(existsSync(path.join(where.project, 'pwned'))).toBe(false);
  });

  it('decision events: registration order, a later modify replaces the args, a deny ends the chain', async () => {
    const hooks = {
      PreToolUse: [
        { command: record('order.jsonl', { decision: 'modify', args: { path: '/first', mode: 'x' } }) },
        { command: record('order.jsonl', { decision: 'modify', args: { path: '/safer/path' } }) },
      ],
      UserPromptSubmit: [
        { command: record('deny.jsonl', { decision: 'deny', reason: 'off topic' }) },
        { command: record('after-deny.jsonl') },
      ],
    };
    const { where } = install('several', { name: 'x', hooks });
    await world.approve(where);
    const modified = await world.fire(where, 'PreToolUse', write(where, 'src/a.ts'), xcode);
    expect(modified.result?.blocked).toBe(false);
    expect(modified.result?.toolInput).toEqual({ path: '/safer/path' });
    const seen = lines(path.join(where.project, 'order.jsonl'));
    expect(seen).toHaveLength(2);
    // The second hook ran after the first and received its replaced args.
    expect(seen[1]).toMatchObject({ tool: { args: { path: '/first', mode: 'x' } } });

    const denied = await world.fire(where, 'UserPromptSubmit', { prompt: 'p' }, xcode);
    expect(denied.result?.blocked).toBe(true);
    expect(denied.result?.reason).toBe('off topic');
    expect(lines(path.join(where.project, 'deny.jsonl'))).toHaveLength(1);
    expect(existsSync(path.join(where.project, 'after-deny.jsonl'))).toBe(false);
  });

  it('exit 2 is a failure (allow plus a warning); failurePolicy "block" turns a crash into a deny', async () => {
    const hooks = {
      PreToolUse: [
        { matcher: '^edit$', command: record('two.jsonl', { decision: 'deny' }, 2) },
        { matcher: '^writeFile$', command: 'node ${pluginDir}/hooks/missing.js', failurePolicy: 'block' },
      ],
    };
    const { where } = install('failures', { name: 'x', hooks });
    await world.approve(where);
    const two = await world.fire(where, 'PreToolUse', { tool: { name: 'edit', args: { path: 'a' } } }, xcode);
    expect(two.result?.blocked).toBe(false);
    expect(two.result?.warnings.join('\n')).toContain('exited with code 2');
    const crash = await world.fire(where, 'PreToolUse', write(where, 'a.ts'), xcode);
    expect(crash.result?.blocked).toBe(true);
    expect(crash.result?.hooks.map((hook) => hook.outcome)).toEqual(['blocked']);
  });

  it('PostToolUse: a deny is ignored, modify.output replaces the result; SessionStart stdout is ignored', async () => {
    const hooks = {
      PostToolUse: [
        { command: record('post.jsonl', { decision: 'deny', reason: 'too late' }) },
        { command: record('post.jsonl', { decision: 'modify', output: '[redacted]' }) },
      ],
      SessionStart: [{ command: record('start.jsonl', { decision: 'deny', context: 'ignored' }) }],
    };
    const { where } = install('post', { name: 'x', hooks });
    await world.approve(where);
    const input = { tool: { name: 'shell', args: { command: 'cat .env' }, output: 'SECRET=1', isError: false } };
    const post = await world.fire(where, 'PostToolUse', input, xcode);
    expect(post.result?.blocked).toBe(false);
    expect(post.result?.toolResponse).toEqual({ llmContent: '[redacted]' });
    expect(lines(path.join(where.project, 'post.jsonl'))[0]).toMatchObject({
      event: 'PostToolUse',
      tool: { name: 'shell', output: 'SECRET=1', isError: false },
    });
    const start = await world.fire(where, 'SessionStart', { source: 'startup' }, xcode);
    expect(start.result?.blocked).toBe(false);
    expect(start.result?.additionalContext).toBeUndefined();
    expect(lines(path.join(where.project, 'start.jsonl'))[0]).toMatchObject({ event: 'SessionStart' });
  });

  it('a timeout above 30 000 ms is cut to it, with a warning from validate', async () => {
    const hooks = { TurnComplete: [{ command: 'node ${pluginDir}/hooks/record.js t.jsonl', timeout: 60_000 }] };
    const { where } = install('timeout', { name: 'x', hooks });
    const run = await world.run(['validate', '--project-dir', where.project], { env: where.env });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('x-code caps hook timeouts at 30000 ms');
    const listed = await world.run(['list', '--project-dir', where.project], { env: where.env });
    expect(listed.stdout).toContain('30000 ms');
  });
});
