/**
 * What the command-hook benches share: the event they fire, the raw `child_process.spawn` baseline a hook is
 * measured against (same payload on stdin, both pipes read to the end), and the hook systems they time.
 */
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { createHookSystem } from '../dist/lib/index.js';

export const fields = { tool_name: 'write_file', tool_input: { path: '/tmp/a' } };
const payload = `${JSON.stringify(fields)}\n`;

/** The baseline: spawn `program args`, write the payload, read both pipes to the end. */
export const rawSpawn = (program: string, args: string[], detached = false): Promise<void> =>
  new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['pipe', 'pipe', 'pipe'], detached });
    child.stdin.on('error', () => undefined);
    child.stdout.resume();
    child.stderr.resume();
    child.on('error', reject);
    child.on('close', () => {
      resolve();
    });
    child.stdin.end(payload);
  });

export const systemWith = (hooks: object[]) =>
  createHookSystem({
    projectDir: tmpdir(),
    settings: { tools: { enableHooks: true }, hooks: { BeforeTool: [{ hooks }] } },
  });

/** Fails the bench unless every hook of `system` really ran: a skipped hook would time nothing. */
export const ranAll = async (system: ReturnType<typeof systemWith>, count: number): Promise<void> => {
  const result = await system.fire('BeforeTool', fields);
  const ran = result.hooks.filter((run) => run.outcome === 'success').length;
  if (ran !== count)
    throw new Error(`bench hooks did not run: ${JSON.stringify(result.hooks.map((run) => run.outcome))}`);
};
