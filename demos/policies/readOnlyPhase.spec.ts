/** Policy 4 (read-only phase): table of tool selections through the real engine, and the node command-hook form. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HookToolConfig, ToolMode } from '../../lib/events/index.js';
import { beforeToolSelection, functionHook, restrictTools, runPolicy } from '../../lib/testing/index.js';
import { decideToolSelection, READ_ONLY_TOOLS, readOnlyPhaseHook } from './readOnlyPhase.js';
import { makeProjectDir, runCommandPolicy } from './testSupport.js';

const ALL_READ_ONLY = [...READ_ONLY_TOOLS].sort();
const offered = (allowedFunctionNames?: string[]) =>
  beforeToolSelection({
    model: 'm',
    ...(allowedFunctionNames ? { toolConfig: { mode: 'AUTO', allowedFunctionNames } } : {}),
  });

const CASES: [
  label: string,
  options: { on: boolean; mode?: ToolMode; tools?: string[] },
  request: string[] | undefined,
  expected: HookToolConfig | undefined,
][] = [
  ['outside the phase: no restriction', { on: false }, undefined, undefined],
  ['outside the phase, even with a request list', { on: false }, ['write_file'], undefined],
  [
    'in the phase: the read-only tools, AUTO',
    { on: true },
    undefined,
    { mode: 'AUTO', allowedFunctionNames: ALL_READ_ONLY },
  ],
  ['mode ANY', { on: true, mode: 'ANY' }, undefined, { mode: 'ANY', allowedFunctionNames: ALL_READ_ONLY }],
  ['mode NONE empties the list', { on: true, mode: 'NONE' }, undefined, { mode: 'NONE', allowedFunctionNames: [] }],
  [
    'a custom read-only set, sorted and deduplicated',
    { on: true, tools: ['ls', 'cat', 'ls'] },
    undefined,
    { mode: 'AUTO', allowedFunctionNames: ['cat', 'ls'] },
  ],
  [
    'never widens the request’s own list',
    { on: true },
    ['read_file', 'write_file'],
    { mode: 'AUTO', allowedFunctionNames: ['read_file'] },
  ],
  ['Claude Code tool names', { on: true }, ['Read', 'Edit', 'Bash'], { mode: 'AUTO', allowedFunctionNames: ['Read'] }],
  [
    'no read-only tool offered: NONE',
    { on: true },
    ['write_file', 'run_shell_command'],
    { mode: 'NONE', allowedFunctionNames: [] },
  ],
  [
    'an empty request list counts as no list',
    { on: true, tools: ['glob'] },
    [],
    { mode: 'AUTO', allowedFunctionNames: ['glob'] },
  ],
];

describe('read-only phase: decisions through the real engine', () => {
  it.each(CASES)('%s', async (_label, { on, ...options }, request, expected) => {
    const result = await runPolicy(readOnlyPhaseHook({ isReadOnly: () => on, ...options }), offered(request));
    expect(result.toolConfig).toEqual(expected);
    expect(result.blocked).toBe(false);
  });

  it('asks for the phase on every request', async () => {
    let phase = true;
    const hook = readOnlyPhaseHook({ isReadOnly: () => phase });
    expect((await runPolicy(hook, offered())).toolConfig?.allowedFunctionNames).toEqual(ALL_READ_ONLY);
    phase = false;
    expect((await runPolicy(hook, offered())).toolConfig).toBeUndefined();
  });

  it('needs intersection when another hook selects tools: a union would add write tools back', async () => {
    const hooks = [
      readOnlyPhaseHook({ isReadOnly: () => true, tools: ['read_file'] }),
      functionHook('editor', () => restrictTools(['read_file', 'write_file'])),
    ];
    expect((await runPolicy(hooks, offered())).toolConfig?.allowedFunctionNames).toEqual(['read_file', 'write_file']);
    expect(
      (await runPolicy(hooks, offered(), { toolSelection: 'intersection' })).toolConfig?.allowedFunctionNames,
    ).toEqual(['read_file']);
  });
});

describe('read-only phase: the node command hook shares the decision', () => {
  let project: ReturnType<typeof makeProjectDir>;
  beforeEach(() => {
    project = makeProjectDir();
  });
  afterEach(() => {
    project.remove();
  });

  it('is off by default, and on with HOOKSTREAM_READ_ONLY=1', async () => {
    const event = offered(['read_file', 'write_file']);
    const off = await runCommandPolicy('read-only', event, { projectDir: project.dir });
    expect(off).toMatchObject({ outcome: 'success' });
    expect(off.output).toBeUndefined();
    const on = await runCommandPolicy('read-only', event, {
      projectDir: project.dir,
      env: { HOOKSTREAM_READ_ONLY: '1' },
    });
    expect(on.output).toEqual(decideToolSelection(event, { readOnly: true }));
  });

  it('is on while the project holds .hookstream/read-only, with the configured mode', async () => {
    mkdirSync(path.join(project.dir, '.hookstream'));
    writeFileSync(path.join(project.dir, '.hookstream', 'read-only'), '');
    const run = await runCommandPolicy('read-only', offered(), {
      projectDir: project.dir,
      policyOptions: { mode: 'ANY' },
    });
    expect(run.output).toEqual(decideToolSelection(offered(), { readOnly: true, mode: 'ANY' }));
    expect(run.output?.hookSpecificOutput?.toolConfig?.mode).toBe('ANY');
  });
});
