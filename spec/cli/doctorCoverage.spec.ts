/**
 * `hookstream doctor --coverage` with the real command on tiny settings in temp directories: a Write-only guard
 * misses shell redirections and sub-agent calls; an effect matcher on writes sees a redirection and an
 * `apply_patch` body; an `if` condition and an agent's own file narrow what a guard is tried on; `--json` has the
 * documented shape; a missed path is a warning (exit 0) and a broken settings file an error (exit 1). The
 * docs/watching.md example prints what its text block shows.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { GuardCoverage } from '../../lib/cli/doctorCoverage.js';
import { docBlocks } from '../docs/readmeBlocks.js';
import { CLI_TEST_TIMEOUT_MS, CliWorld, enabledSettings } from './cliHarness.js';

interface Report {
  errors: number;
  warnings: number;
  problems: unknown[];
  samples: string[];
  limits: { path: string; call: string; why: string }[];
  guards: GuardCoverage[];
}

const world = new CliWorld();
afterAll(() => world.finish());

const guard = (name: string, extra: Record<string, unknown>) => ({
  ...extra,
  hooks: [{ type: 'command', name, command: `guard-${name}` }],
});

/** `doctor --coverage --json` on hookstream settings holding `groups` on BeforeTool. */
const coverage = async (name: string, groups: unknown[]): Promise<Report> => {
  const settings = world.write(`${name}/settings.json`, enabledSettings({ BeforeTool: groups }));
  const run = await world.run([
    'doctor',
    '--coverage',
    '--json',
    '--settings',
    settings,
    '--project-dir',
    world.dir(name),
  ]);
  expect([run.code, run.stderr]).toEqual([0, '']);
  return JSON.parse(run.stdout) as Report;
};

/** Path id → status, for the guard named `name`. */
const statuses = (report: Report, name: string): Record<string, string> => {
  const found = report.guards.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(`no guard ${name} in ${JSON.stringify(report.guards.map((g) => g.name))}`);
  return Object.fromEntries(found.paths.map((path) => [path.path, path.status]));
};

describe('hookstream doctor --coverage', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('a Write-only guard: shell redirections and sub-agent calls uncovered, a warning with exit 0', async () => {
    const settings = world.write(
      'write-only/settings.json',
      enabledSettings({ BeforeTool: [guard('w', { matcher: '^Write$' })] }),
    );
    const run = await world.run([
      'doctor',
      '--coverage',
      '--settings',
      settings,
      '--project-dir',
      world.dir('write-only'),
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^⚠ w {2}BeforeTool {2}user .* {2}matcher "\^Write\$"$/m);
    expect(run.stdout).toContain(
      '    ✖ shell command writing a file by redirection: uncovered, misses Bash, run_shell_command, bash, Shell (matcher "^Write$")\n',
    );
    expect(run.stdout).toContain(
      '    ✖ sub-agent call: uncovered, misses Agent, Task, task, research_agent, transfer_to_billing (matcher "^Write$")\n',
    );
    expect(run.stdout).toContain('    ⚠ file write and edit tools: partial, misses Edit, MultiEdit,');
    expect(run.stdout).toMatch(
      /^adapters: no hook sees an OpenAI Agents handoff of an agent wrapped with hookTools alone: /m,
    );
    expect(run.stdout).toMatch(/^adapters: no hook sees an AI SDK or LangChain sub-agent's own tool calls: /m);
    expect(run.stdout).toMatch(/checked 1 guard on BeforeTool: 1 with uncovered paths \(warning\)\n$/);
  });

  it('an effect matcher on writes sees a shell redirection and apply_patch, whatever the tool is called', async () => {
    const report = await coverage('effects', [
      guard('by-effect', { effects: { writes: ['.env*'] } }),
      guard('by-name', { matcher: '^(Write|Edit)$', effects: { writes: ['.env*'] } }),
    ]);
    expect(statuses(report, 'by-effect')).toMatchObject({
      'shell-redirect': 'covered',
      'file-tools': 'covered',
      'apply-patch': 'covered',
      subagent: 'covered',
      'web-fetch': 'uncovered',
    });
    // The matcher still decides first: an effect matcher narrows, it does not widen.
    expect(statuses(report, 'by-name')).toMatchObject({ 'shell-redirect': 'uncovered', 'apply-patch': 'uncovered' });
    const fetch = report.guards[0]?.paths.find((path) => path.path === 'web-fetch')?.calls[0];
    expect(fetch).toEqual({
      tool_name: 'WebFetch',
      status: 'condition',
      why: 'its condition does not hold: effects {"writes":[".env*"]}',
    });
  });

  it('--json: the report, each guard with its paths and calls', async () => {
    const report = await coverage('json', [guard('w', { matcher: '^Write$' }), guard('all', {})]);
    expect(Object.keys(report).sort()).toEqual(['errors', 'guards', 'limits', 'problems', 'samples', 'warnings']);
    expect(report).toMatchObject({ errors: 0, warnings: 1, problems: [], samples: ['out.txt', '.env', 'src/app.ts'] });
    expect(report.limits.map((limit) => limit.path)).toEqual(['subagent', 'subagent', 'subagent']);
    const [writeOnly, all] = report.guards;
    expect(writeOnly).toMatchObject({
      name: 'w',
      event: 'BeforeTool',
      source: 'user',
      required: false,
      matcher: '^Write$',
    });
    expect(writeOnly?.pointer).toBe('/hooks/BeforeTool/0/hooks/0');
    // Every path, in report order; a Write-only guard misses some call of each.
    const every = ['shell-redirect', 'file-tools', 'apply-patch', 'mcp', 'subagent', 'web-fetch'];
    expect(writeOnly?.paths.map((path) => path.path)).toEqual(every);
    expect(writeOnly?.uncovered).toEqual(every);
    expect(writeOnly?.paths[1]?.calls.slice(0, 2)).toEqual([
      { tool_name: 'Write', status: 'seen' },
      { tool_name: 'Edit', status: 'matcher', why: 'matcher "^Write$"' },
    ]);
    expect(all?.uncovered).toEqual([]);
    expect(all?.paths.every((path) => path.status === 'covered')).toBe(true);
  });

  it("an agent's own file: tried on that agent's calls, an `if` condition decides, an unapproved project hook misses", async () => {
    const where = world.setUpCase('claude', {
      'project/.claude/settings.json': {
        hooks: {
          PreToolUse: [
            { matcher: 'Write|Edit', hooks: [{ type: 'command', command: 'true' }] },
            { matcher: '*', hooks: [{ type: 'command', command: 'echo env', if: 'Write(.env*)' }] },
          ],
        },
      },
    });
    const run = await world.run(['doctor', '--coverage', '--json', '--project-dir', where.project], { env: where.env });
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.guards.map((found) => found.dialect)).toEqual(['claude', 'claude']);
    const [byName, byIf] = report.guards;
    // Not approved yet: the planner plans it, trust skips it when it would run.
    expect(byName?.paths[1]?.calls).toEqual([
      { tool_name: 'Write', status: 'untrusted', why: 'not approved (hookstream trust): skipped when it would run' },
      { tool_name: 'Edit', status: 'untrusted', why: 'not approved (hookstream trust): skipped when it would run' },
      { tool_name: 'MultiEdit', status: 'matcher', why: 'matcher "Write|Edit"' },
    ]);
    expect(byName?.paths.find((path) => path.path === 'apply-patch')).toMatchObject({ status: 'not-sent', calls: [] });
    await world.approve(where);
    const approved = JSON.parse(
      (await world.run(['doctor', '--coverage', '--json', '--project-dir', where.project], { env: where.env })).stdout,
    ) as Report;
    // `Write(.env*)` holds for the `.env` sample only, and for no other tool.
    expect(statuses(approved, byIf?.name ?? '')).toMatchObject({
      'file-tools': 'partial',
      'shell-redirect': 'uncovered',
    });
    expect(approved.guards[1]?.paths[0]?.calls[0]).toEqual({
      tool_name: 'Bash',
      status: 'condition',
      why: 'its condition does not hold: Write(.env*)',
    });
  });

  it('a settings file with an error: exit 1, the error on stderr; --run with it is refused', async () => {
    const settings = world.write('broken/settings.json', '{ "hooks": ');
    const run = await world.run(['doctor', '--coverage', '--settings', settings, '--project-dir', world.dir('broken')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(settings);
    const both = await world.run(['doctor', '--coverage', '--run', '--settings', settings]);
    expect(both.code).not.toBe(0);
    expect(both.stderr).toContain('--coverage runs no hook: drop --run');
  });

  it('prints what the doctor-coverage-output block of docs/watching.md shows', async () => {
    const block = (id: string): string => {
      const found = docBlocks().find((candidate) => candidate.id === id);
      if (found === undefined) throw new Error(`no block marked <!-- readme.spec: ${id} -->`);
      return found.code;
    };
    const where = world.setUpCase('docs', { 'home/.hookstream/settings.json': block('doctor-coverage-settings') });
    const run = await world.run(['doctor', '--coverage', '--project-dir', where.project], { env: where.env });
    expect(run.code).toBe(0);
    expect(run.stdout.replaceAll(where.home, '~')).toBe(`${block('doctor-coverage-output')}\n`);
  });
});
