/**
 * The persistent workers of docs/writing-hooks.md must work as written: the blocks marked
 * `<!-- readme.spec: worker-<lang> -->` under "Persistent hooks" are saved as they stand and run as `persistent: true` hooks of a hook system — node,
 * python3 and bash — through the line protocol: each answers every event, echoes the request's id (so no answer
 * is ever paired by order), denies writes under /etc and allows the rest, queued requests included.
 */
import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HookResult } from '../../lib/model/types.js';
import { createHookSystem } from '../../lib/system/createHookSystem.js';
import { MARKER_VARIABLE, markedProcesses, ProcessTest, warmUpSpawning } from '../process/processHarness.js';
import { docBlocks } from './readmeBlocks.js';

/** Each worker block: its marker id, the fence's language, the file it is saved as, and how it is run. */
const WORKERS = [
  { id: 'worker-node', lang: 'js', file: 'guard.mjs', command: 'node' },
  { id: 'worker-python', lang: 'python', file: 'guard.py', command: 'python3' },
  { id: 'worker-bash', lang: 'bash', file: 'guard.sh', command: 'bash' },
] as const;

const blocks = docBlocks();

let t: ProcessTest;

beforeAll(warmUpSpawning);

beforeEach(() => {
  t = new ProcessTest();
});

afterEach(async () => {
  await t.verifyClean({ dispose: () => Promise.resolve() });
});

describe('"Persistent hooks" workers of the docs', () => {
  it('has exactly the three worker blocks, each under its marker', () => {
    const marked = blocks.filter((block) => block.id?.startsWith('worker-'));
    expect(marked.map((block) => [block.id, block.lang])).toEqual(WORKERS.map(({ id, lang }) => [id, lang]));
  });

  for (const { id, file, command } of WORKERS) {
    it(`runs the ${command} worker as a persistent hook: ids echoed, /etc denied, the rest allowed`, async () => {
      const block = blocks.find((candidate) => candidate.id === id);
      expect(block, `the docs have a block marked ${id}`).toBeDefined();
      const script = path.join(t.dir, file);
      writeFileSync(script, `${block?.code ?? ''}\n`);
      chmodSync(script, 0o755);
      const system = createHookSystem({
        projectDir: t.dir,
        sessionId: 'docs',
        forceKillAfterMs: 300,
        settings: {
          tools: { enableHooks: true },
          hooks: {
            BeforeTool: [
              {
                hooks: [
                  {
                    command,
                    args: [script],
                    persistent: true,
                    workers: 2,
                    timeout: 10_000,
                    env: { [MARKER_VARIABLE]: t.marker },
                  },
                ],
              },
            ],
          },
        },
      });
      try {
        const paths = ['/etc/hosts', 'notes.md', '/etc/passwd', 'src/a.ts', '/etc/x', 'b'];
        // All at once: two workers answer, the other requests wait their turn.
        const results = await Promise.all(
          paths.map((target) => system.fire('BeforeTool', { tool_name: 'write_file', tool_input: { path: target } })),
        );
        const runs = results.map((result: HookResult) => result.hooks[0]);
        expect(runs.map((run) => run?.outcome)).toEqual([
          'blocked',
          'success',
          'blocked',
          'success',
          'blocked',
          'success',
        ]);
        expect(results.map((result) => result.reason)).toEqual(
          paths.map((target) => (target.startsWith('/etc/') ? 'no writes to /etc' : undefined)),
        );
        for (const run of runs) {
          expect(run?.stdout).toMatch(/"id": ?\d+/);
          expect(run?.outputWarnings).toBeUndefined();
        }
        expect(markedProcesses(t.marker)).toHaveLength(2);
      } finally {
        await system.dispose();
      }
    }, 30_000);
  }
});
