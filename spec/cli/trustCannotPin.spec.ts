/**
 * The trust inspector pins what a hook reaches, or says "cannot pin" — never pins the wrong thing. For each
 * spelling, with the real CLI, an isolated HOME and a witness file: approve, then edit the file the command
 * reaches. Either the fingerprint covered it (the run is refused as changed and the witness never appears),
 * or the approval showed `cannot pin: …` for the construct that reached it.
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI_TEST_TIMEOUT_MS, CliWorld, enabledSettings } from './cliHarness.js';

const world = new CliWorld();
afterAll(() => world.finish());

const input = { tool_name: 'write_file', tool_input: { path: 'a.txt' } };
const WITNESS = '\necho pwned > "$HOOKSTREAM_PROJECT_DIR/witness"\n';
const SCRIPT = '#!/bin/sh\necho \'{"systemMessage":"approved script ran"}\'\n';

/** The files every case's project holds: scripts reached by a path, through `cd`, and by brace expansion. */
const FILES: Record<string, string> = {
  '.hookstream/x.sh': SCRIPT,
  '.hookstream/a.sh': SCRIPT,
  'd/x': SCRIPT,
  'lib/e.so': 'not a shared object\n',
  'lib/sitecustomize.py': 'print("site")\n',
  'lib/evil.pm': '1;\n',
};

interface Case {
  command: string;
  env?: Record<string, string>;
  /** The file under the project that the command reaches: edited after approval. */
  reached: string;
  /** `refused`: pinned, so the edited hook does not run; otherwise the approval's `cannot pin:` line. */
  expect: string;
}

const CASES: Record<string, Case> = {
  'source --': { command: 'source -- .hookstream/x.sh', reached: '.hookstream/x.sh', expect: 'refused' },
  '. --': { command: '. -- .hookstream/x.sh', reached: '.hookstream/x.sh', expect: 'refused' },
  'cd --': { command: 'cd -- d && ./x', reached: 'd/x', expect: 'refused' },
  pushd: { command: 'pushd d >/dev/null && ./x', reached: 'd/x', expect: 'refused' },
  'pushd/popd': { command: 'pushd d >/dev/null; popd >/dev/null; ./d/x', reached: 'd/x', expect: 'refused' },
  'hash -p': { command: 'hash -p ./d/x tool; tool', reached: 'd/x', expect: 'refused' },
  trap: { command: "trap './d/x' EXIT", reached: 'd/x', expect: 'refused' },
  'enable -f': { command: 'enable -f ./lib/e.so e 2>/dev/null; ./d/x', reached: 'lib/e.so', expect: 'refused' },
  'enable -f (searched)': { command: 'enable -f e.so e 2>/dev/null; ./d/x', reached: 'd/x', expect: 'enable -f e.so' },
  'HOME=d; ~/x': { command: 'HOME="$HOOKSTREAM_PROJECT_DIR/d"; ~/x', reached: 'd/x', expect: 'refused' },
  'brace expansion': { command: '.hookstream/{a,x}.sh', reached: '.hookstream/a.sh', expect: 'refused' },
  'bash brace expansion': { command: 'bash .hookstream/{a,x}.sh', reached: '.hookstream/a.sh', expect: 'refused' },
  '/dev/fd/3': { command: 'bash /dev/fd/3 3< .hookstream/x.sh', reached: '.hookstream/x.sh', expect: '/dev/fd/3' },
  '/dev/stdin': { command: 'bash /dev/stdin < .hookstream/x.sh', reached: '.hookstream/x.sh', expect: '/dev/stdin' },
  'bash <': { command: 'bash < .hookstream/x.sh', reached: '.hookstream/x.sh', expect: 'bash reads its program' },
  'bash --rcfile': {
    command: 'bash --rcfile .hookstream/x.sh -i -c true 2>/dev/null',
    reached: '.hookstream/x.sh',
    expect: 'refused',
  },
  'env BASH_FUNC': {
    command: 'tool',
    env: { 'BASH_FUNC_tool%%': '() { ./d/x; }' },
    reached: 'd/x',
    expect: 'env BASH_FUNC_tool%%',
  },
  'env PYTHONPATH': {
    command: 'python3 -c pass; ./d/x',
    env: { PYTHONPATH: 'lib' },
    reached: 'lib/sitecustomize.py',
    expect: 'env PYTHONPATH',
  },
  'env PERL5OPT': {
    command: 'perl -e 1; ./d/x',
    env: { PERL5OPT: '-Mevil', PERL5LIB: 'lib' },
    reached: 'lib/evil.pm',
    expect: 'env PERL5OPT',
  },
  'env LD_AUDIT': {
    command: './d/x 2>/dev/null',
    env: { LD_AUDIT: './lib/e.so' },
    reached: 'lib/e.so',
    expect: 'refused',
  },
};

const projectWith = (name: string, hooks: Record<string, Case>): string => {
  const project = world.dir(`${name}/project`);
  for (const [file, text] of Object.entries(FILES)) world.write(`${name}/project/${file}`, text, 0o755);
  const definitions = Object.entries(hooks).map(([hook, { command, env }]) => {
    const definition: Record<string, unknown> = { type: 'command', name: hook, command };
    if (env !== undefined) definition.env = env;
    return definition;
  });
  world.write(`${name}/project/.hookstream/settings.json`, enabledSettings({ BeforeTool: [{ hooks: definitions }] }));
  return project;
};

interface Fired {
  hooks: { name: string; outcome: string }[];
}

// One project holds a hook per spelling: four CLI runs in all, not four per spelling (the machine is shared).
describe('trust: pinned, or "cannot pin" at approval', { timeout: 4 * CLI_TEST_TIMEOUT_MS }, () => {
  it('after approval, an edited file a hook reaches never runs unannounced', async () => {
    const project = projectWith('spellings', CASES);
    const env = { HOME: world.dir('spellings/home') };
    expect((await world.run(['trust', '--all', '--project-dir', project], { env })).code).toBe(0);
    const listed = await world.run(['trust', '--list', '--json', '--project-dir', project], { env });
    const views = (JSON.parse(listed.stdout) as { hooks: { hook: string; cannotPin: string[] }[] }).hooks;
    const fire = async (): Promise<Map<string, string>> => {
      const run = await world.run(
        ['fire', 'BeforeTool', '--json', '--input', JSON.stringify(input), '--project-dir', project],
        { env },
      );
      return new Map((JSON.parse(run.stdout) as Fired).hooks.map((hook) => [hook.name, hook.outcome]));
    };
    const before = await fire();
    for (const { reached } of Object.values(CASES)) appendFileSync(path.join(project, reached), WITNESS);
    const after = await fire();
    for (const [name, hook] of Object.entries(CASES)) {
      const cannotPin = views.find((view) => view.hook === name)?.cannotPin ?? [];
      if (hook.expect === 'refused') {
        expect([name, before.get(name)]).toEqual([name, 'success']);
        expect([name, after.get(name)]).toEqual([name, 'untrusted']);
      } else {
        expect([name, cannotPin.some((line) => line.startsWith(`cannot pin: ${hook.expect}`))]).toEqual([name, true]);
      }
    }
    // Only hooks whose approval said "cannot pin" may have run edited code.
    const ranEdited = Object.entries(CASES).filter(
      ([name, hook]) => hook.expect === 'refused' && after.get(name) !== 'untrusted',
    );
    expect(ranEdited).toEqual([]);
  });
});

describe('trust: programs whose own configuration runs commands', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('git status is listed under "not pinned": .git/config can set core.fsmonitor', async () => {
    const project = projectWith('git', { git: { command: 'git status --short', reached: '', expect: '' } });
    mkdirSync(path.join(project, '.git'), { recursive: true });
    writeFileSync(path.join(project, '.git', 'config'), '[core]\n\tfsmonitor = ./d/x\n');
    const approved = await world.run(['trust', '--all', '--project-dir', project], {
      env: { HOME: world.dir('git/home') },
    });
    expect(approved.code).toBe(0);
    expect(approved.stdout).toContain('git: reads .git/config, which can run commands (core.fsmonitor');
  });
});

describe('validate: a required guard with parts hookstream cannot pin', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('warns, naming the file and the pointer', async () => {
    const project = world.dir('validate/project');
    const hooks = [{ type: 'command', name: 'guard', command: 'bash /dev/stdin < g.sh', required: true }];
    const settings = world.write(
      'validate/project/.hookstream/settings.json',
      enabledSettings({ BeforeTool: [{ hooks }, { hooks: [{ type: 'command', command: 'echo {a,b}' }] }] }),
    );
    const run = await world.run(['validate', '--json', '--project-dir', project], {
      env: { HOME: world.dir('validate/home') },
    });
    const { problems } = JSON.parse(run.stdout) as { problems: { file: string; pointer: string; message: string }[] };
    const unpinnable = problems.filter((problem) => problem.message.includes('cannot pin'));
    expect(unpinnable).toEqual([
      expect.objectContaining({
        file: settings,
        pointer: '/hooks/BeforeTool/0/hooks/0/command',
        message: expect.stringContaining('required hook "guard" has parts hookstream cannot pin') as unknown,
      }),
    ]);
    expect(unpinnable[0]?.message).toContain('cannot pin: /dev/stdin');
  });
});
