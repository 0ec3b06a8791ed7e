/** Policy 6 (project context): table of project layouts through the real engine, and the node command-hook form. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runPolicy, sessionStart } from '../../lib/testing/index.js';
import { clipUtf8, decideContext, projectContextHook, readContextFiles } from './projectContext.js';
import { makeProjectDir, runCommandPolicy } from './testSupport.js';

let project: ReturnType<typeof makeProjectDir>;
beforeEach(() => {
  project = makeProjectDir();
});
afterEach(() => {
  project.remove();
});

const files = (layout: Record<string, string | null>): void => {
  for (const [name, text] of Object.entries(layout)) {
    const file = path.join(project.dir, name);
    mkdirSync(text === null ? file : path.dirname(file), { recursive: true });
    if (text !== null) writeFileSync(file, text);
  }
};
const HEADER = "Project context (from the project's own files):\n\n";

const CASES: [
  label: string,
  layout: Record<string, string | null>,
  options: { files?: string[]; maxBytes?: number },
  expected: string | undefined,
][] = [
  ['CONTEXT.md', { 'CONTEXT.md': 'Use pnpm.\n' }, {}, `${HEADER}## CONTEXT.md\nUse pnpm.`],
  [
    'CONTEXT.md and README.md, in that order',
    { 'README.md': '# App', 'CONTEXT.md': 'Use pnpm.' },
    {},
    `${HEADER}## CONTEXT.md\nUse pnpm.\n\n## README.md\n# App`,
  ],
  ['only a README', { 'README.md': '# App' }, {}, `${HEADER}## README.md\n# App`],
  ['no context files', { 'src/a.ts': 'x' }, {}, undefined],
  ['a blank file is skipped', { 'CONTEXT.md': '  \n\n', 'README.md': '# App' }, {}, `${HEADER}## README.md\n# App`],
  [
    'over the cap: clipped and marked',
    { 'CONTEXT.md': 'abcdefghij' },
    { maxBytes: 4 },
    `${HEADER}## CONTEXT.md\nabcd\n[… truncated]`,
  ],
  [
    'the cap never splits a character',
    { 'CONTEXT.md': 'ééé' },
    { maxBytes: 3 },
    `${HEADER}## CONTEXT.md\né\n[… truncated]`,
  ],
  [
    'the first file can use up the budget',
    { 'CONTEXT.md': '12345', 'README.md': '# App' },
    { maxBytes: 5 },
    `${HEADER}## CONTEXT.md\n12345`,
  ],
  [
    'a configured file list',
    { 'docs/AGENTS.md': 'Agents: be nice', 'CONTEXT.md': 'ignored' },
    { files: ['docs/AGENTS.md'] },
    `${HEADER}## docs/AGENTS.md\nAgents: be nice`,
  ],
  [
    'a name outside the project is not read',
    { 'CONTEXT.md': 'ok' },
    { files: ['../../etc/hostname', 'CONTEXT.md'] },
    `${HEADER}## CONTEXT.md\nok`,
  ],
  [
    'a directory named like a context file is skipped',
    { 'CONTEXT.md': null, 'README.md': '# App' },
    {},
    `${HEADER}## README.md\n# App`,
  ],
];

describe('project context: decisions through the real engine', () => {
  it.each(CASES)('%s', async (_label, layout, options, expected) => {
    files(layout);
    const result = await runPolicy(projectContextHook(options), sessionStart('startup', { cwd: project.dir }));
    expect(result.additionalContext).toBe(expected);
    expect(result).toMatchObject({ blocked: false, hooks: [{ name: 'project-context', outcome: 'success' }] });
  });

  it('reads from the configured project directory rather than the input’s cwd', async () => {
    files({ 'CONTEXT.md': 'here' });
    const result = await runPolicy(
      projectContextHook({ projectDir: project.dir }),
      sessionStart('startup', { cwd: '/nowhere' }),
    );
    expect(result.additionalContext).toBe(`${HEADER}## CONTEXT.md\nhere`);
  });

  it('reads no more than the cap from a large file, and clips by UTF-8 bytes', async () => {
    files({ 'README.md': 'x'.repeat(100_000) });
    const [readme] = await readContextFiles(project.dir, ['README.md'], 100);
    expect(readme?.text.length).toBeLessThanOrEqual(104);
    expect(clipUtf8('a€b', 3)).toEqual({ text: 'a', clipped: 4 });
    expect(
      decideContext([{ name: 'a', text: 'x'.repeat(50) }], { maxBytes: 10 })?.hookSpecificOutput?.additionalContext,
    ).toBe(`${HEADER}## a\n${'x'.repeat(10)}\n[… truncated]`);
  });
});

describe('project context: the node command hook shares the decision', () => {
  it.each<[label: string, layout: Record<string, string>, options: { maxBytes?: number }]>([
    ['both files', { 'CONTEXT.md': 'Use pnpm.', 'README.md': '# App' }, {}],
    ['a cap', { 'CONTEXT.md': 'abcdefghij' }, { maxBytes: 4 }],
    ['no files', {}, {}],
  ])('%s', async (_label, layout, options) => {
    files(layout);
    const event = sessionStart('startup', { cwd: project.dir });
    const run = await runCommandPolicy('project-context', event, { projectDir: project.dir, policyOptions: options });
    expect(run.outcome).toBe('success');
    expect(run.output).toEqual(
      decideContext(await readContextFiles(project.dir, undefined, options.maxBytes), options),
    );
  });
});
