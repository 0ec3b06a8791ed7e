/**
 * `hookstream fire`, run for real: JSON and human output, exit statuses 0 / 2 / 1, `--input -`,
 * aliases, standard settings files, and the hooks-disabled note.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { HookResult } from '../../lib/model/types.js';
import { CLI_TEST_TIMEOUT_MS, CliWorld, enabledSettings, group, REPO_ROOT } from './cliHarness.js';

const world = new CliWorld();
const project = world.dir('project');
const toolFields = { tool_name: 'write_file', tool_input: { path: 'a.txt', content: 'x' } };
const toolInput = JSON.stringify(toolFields);

afterAll(async () => {
  // Hooks die with their run; allow a moment for any helper process to notice its parent is gone.
  const until = Date.now() + 5_000;
  while (world.leftovers().length > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
  expect(world.leftovers()).toEqual([]);
  world.cleanup();
});

const parseResult = (stdout: string): HookResult => JSON.parse(stdout) as HookResult;

describe.concurrent('hookstream fire --json', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('prints only the HookResult of a blocking hook, under an alias, and exits 2', async () => {
    const settings = world.write(
      'block.json',
      enabledSettings({ PreToolUse: [group([`echo '{"decision":"block","reason":"no"}'`], '^write_')] }),
    );
    const run = await world.run([
      'fire',
      'PreToolUse',
      '--json',
      '--settings',
      settings,
      '--input',
      toolInput,
      '--project-dir',
      project,
    ]);
    expect(run.code).toBe(2);
    const result = parseResult(run.stdout); // the whole of stdout is one JSON document
    expect(result).toMatchObject({
      event: 'BeforeTool',
      decision: 'block',
      blocked: true,
      reason: 'no',
      stopped: false,
    });
    expect(result.toolInput).toEqual(toolFields.tool_input);
    expect(result.hooks).toHaveLength(1);
    expect(result.hooks[0]).toMatchObject({ source: 'user', outcome: 'blocked', exitCode: 0 });
    expect(typeof result.durationMs).toBe('number');
    expect(run.stderr).toBe('');
  });

  it('reads the fields from stdin with --input -, fills in the base fields, and exits 0', async () => {
    const seen = path.join(project, 'seen.json');
    const settings = world.write(
      'allow.json',
      enabledSettings({ BeforeTool: [group([`cat > "$HOOKSTREAM_PROJECT_DIR/seen.json"; echo hi`])] }),
    );
    const run = await world.run(
      ['fire', 'BeforeTool', '--json', '--input', '-', '--settings', settings, '--project-dir', project],
      {
        stdin: toolInput,
      },
    );
    expect(run.code).toBe(0);
    const result = parseResult(run.stdout);
    expect(result).toMatchObject({
      event: 'BeforeTool',
      blocked: false,
      stopped: false,
      systemMessage: 'hi',
      success: true,
    });
    const input = JSON.parse(readFileSync(seen, 'utf8')) as Record<string, unknown>;
    expect(input).toMatchObject({ ...toolFields, hook_event_name: 'BeforeTool', cwd: project, transcript_path: '' });
    expect(input['session_id']).toMatch(/\S/);
    expect(Number.isNaN(Date.parse(String(input['timestamp'])))).toBe(false);
  });

  it('exits 2 when a hook stops the agent', async () => {
    const settings = world.write(
      'stop.json',
      enabledSettings({ Stop: [group([`echo '{"continue":false,"stopReason":"enough"}'`])] }),
    );
    const fields = JSON.stringify({ prompt: 'p', prompt_response: 'r', stop_hook_active: false });
    const run = await world.run([
      'fire',
      'Stop',
      '--json',
      '--settings',
      settings,
      '--input',
      fields,
      '--project-dir',
      project,
    ]);
    expect(run.code).toBe(2);
    expect(parseResult(run.stdout)).toMatchObject({
      event: 'AfterAgent',
      blocked: false,
      stopped: true,
      stopReason: 'enough',
    });
  });

  it('reads the standard files; project hooks run once approved with `hookstream trust`', async () => {
    const discovered = world.dir('discovered');
    world.write(
      'discovered/.hookstream/settings.json',
      enabledSettings({ BeforeTool: [group(['echo from-project'])] }),
    );
    world.write('home/.hookstream/settings.json', { hooks: { BeforeTool: [group(['echo from-user'])] } });
    const fire = ['fire', 'BeforeTool', '--json', '--input', toolInput, '--project-dir', discovered];
    const before = parseResult((await world.run(fire)).stdout);
    expect(before.hooks.map((hook) => [hook.command, hook.source, hook.outcome])).toEqual([
      ['echo from-project', 'project', 'untrusted'],
      ['echo from-user', 'user', 'success'],
    ]);
    expect(before.warnings).toEqual([expect.stringMatching(/not approved.*hookstream trust/)]);

    const approval = await world.run(['trust', '--all', '--project-dir', discovered]);
    expect(approval.code).toBe(0);
    expect(approval.stdout).toMatch(
      /echo from-project[\s\S]*1 hook approved; approvals are kept in .*trusted-hooks\.json/,
    );
    const run = await world.run(fire);
    expect(run.code).toBe(0);
    const result = parseResult(run.stdout);
    expect(result.hooks.map((hook) => [hook.command, hook.source, hook.outcome])).toEqual([
      ['echo from-project', 'project', 'success'],
      ['echo from-user', 'user', 'success'],
    ]);
    expect(result.systemMessage).toBe('from-project\nfrom-user');

    world.write(
      'discovered/.hookstream/settings.json',
      enabledSettings({ BeforeTool: [group(['echo changed-behind-my-back'])] }),
    );
    const listed = await world.run(['trust', '--list', '--project-dir', discovered]);
    expect(listed.stdout).toMatch(/echo changed-behind-my-back/);
    expect(listed.stdout).toMatch(/changed since approval|not approved/);
    const revoked = await world.run(['trust', '--revoke', '--project-dir', discovered]);
    expect(revoked.stdout).toMatch(/revoked 1 approval for/);
  });

  it('says on stderr, not stdout, when the settings leave hooks disabled', async () => {
    // Named as hookstream's: without `--dialect` a file this shape could be Gemini's too, and is refused.
    const settings = world.write('disabled.json', { hooks: { BeforeTool: [group(['echo never'])] } });
    const run = await world.run([
      'fire',
      'BeforeTool',
      '--json',
      '--settings',
      settings,
      '--dialect',
      'hookstream',
      '--input',
      toolInput,
    ]);
    expect(run.code).toBe(0);
    expect(parseResult(run.stdout)).toMatchObject({ blocked: false, hooks: [] });
    expect(run.stderr).toContain(
      'hooks are not switched on: no settings file sets "tools": { "enableHooks": true }; no hook ran',
    );
  });
});

describe.concurrent('hookstream fire (human output)', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('summarises an exit-2 block: verdict, reason, warnings and the per-hook table', async () => {
    const settings = world.write(
      'human.json',
      enabledSettings({ BeforeTool: [group(['echo nope >&2; exit 2', 'exit 1'])] }),
    );
    const run = await world.run([
      'fire',
      'BeforeTool',
      '--settings',
      settings,
      '--input',
      toolInput,
      '--project-dir',
      project,
    ]);
    expect(run.code).toBe(2);
    expect(run.stdout).toMatch(/^BeforeTool: blocked$/m);
    expect(run.stdout).toMatch(/reason\s+nope/);
    expect(run.stdout).toMatch(/^warnings$/m);
    expect(run.stdout).toMatch(/NAME\s+SOURCE\s+OUTCOME\s+EXIT\s+DURATION/);
    expect(run.stdout).toMatch(/echo nope >&2; exit 2\s+user\s+blocked\s+2\s+\d+ ms/);
    expect(run.stdout).toMatch(/exit 1\s+user\s+warning\s+1\s+\d+ ms/);
  });
});

describe.concurrent('hookstream fire: usage and settings errors exit 1', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  const settings = world.write('plain.json', enabledSettings({ BeforeTool: [group(['echo hi'])] }));

  it('rejects an unknown event', async () => {
    const run = await world.run(['fire', 'BeforeLunch', '--settings', settings]);
    expect(run).toMatchObject({ code: 1, stdout: '' });
    expect(run.stderr).toMatch(/unknown event "BeforeLunch"/);
  });

  it('rejects --input that is not JSON', async () => {
    const run = await world.run(['fire', 'BeforeTool', '--settings', settings, '--input', '{tool_name:']);
    expect(run).toMatchObject({ code: 1, stdout: '' });
    expect(run.stderr).toMatch(/invalid --input JSON/);
  });

  it("rejects input that does not match the event's schema", async () => {
    const run = await world.run(['fire', 'BeforeTool', '--settings', settings, '--input', '{"tool_name":3}']);
    expect(run).toMatchObject({ code: 1, stdout: '' });
    expect(run.stderr).toMatch(/Invalid BeforeTool input/);
    expect(run.stderr).toMatch(/tool_name/);
  });

  it('rejects a named settings file that cannot be read', async () => {
    const missing = path.join(world.root, 'nowhere.json');
    const run = await world.run(['fire', 'BeforeTool', '--settings', missing, '--input', toolInput]);
    expect(run).toMatchObject({ code: 1, stdout: '' });
    expect(run.stderr).toContain(`${missing}: user settings file not found`);
  });

  it('rejects a named settings file with a JSON syntax error, pointing at line:column', async () => {
    const broken = world.write('broken.json', '{\n  "tools": { "enableHooks": true }\n  "hooks": {}\n}\n');
    const run = await world.run(['fire', 'BeforeTool', '--settings', broken, '--input', toolInput]);
    expect(run).toMatchObject({ code: 1, stdout: '' });
    expect(run.stderr).toContain(`${broken}:3:3: invalid JSON`);
  });
});

describe.concurrent('hookstream --help and --version', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('documents fire with its options and the event aliases', async () => {
    const run = await world.run(['fire', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Usage: hookstream fire \[options\] <event>/);
    for (const option of ['--input', '--settings', '--project-dir', '--json']) expect(run.stdout).toContain(option);
    expect(run.stdout).toMatch(/BeforeTool \(PreToolUse/);
  });

  it('prints the package version', async () => {
    const run = await world.run(['--version']);
    const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe(manifest.version);
  });
});
