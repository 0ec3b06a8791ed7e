/**
 * The four-part policy every adapter spec runs, as a user writes it: a bash command hook blocks `rm -rf`, a
 * function hook rewrites a shell call to run under `timeout 5`, a node command hook redacts AWS key ids from
 * model output, a function hook injects a system message. Command hooks are real processes (spec/fixtures/adapters);
 * each system is disposed after its test and no hook process may outlive it.
 */
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, expect } from 'vitest';
import { createHookSystem, type HookInputOf, type HookSystem } from '../../lib/index.js';
import { MARKER_VARIABLE, ProcessTest, warmUpSpawning } from '../process/processHarness.js';

const fixture = (name: string): string => fileURLToPath(new URL(`../fixtures/adapters/${name}`, import.meta.url));

export const SECRET = 'AKIAIOSFODNN7EXAMPLE';
export const REDACTED = '[REDACTED]';
export const BLOCK_REASON = 'rm -rf is not allowed: delete files one by one, inside the project';
export const POLICY = 'Policy: shell commands run under a 5 s timeout; never delete recursively.';

/** The final answer of every scripted model, and the same split so the key straddles two stream chunks. */
export const ANSWER = `Done. The deploy key is ${SECRET}, rotate it.`;
export const ANSWER_CHUNKS = ['Done. The deploy key is AKIAIOSF', 'ODNN7EXAMPLE, rotate it.'];
export const REDACTED_ANSWER = `Done. The deploy key is ${REDACTED}, rotate it.`;

const worlds: Array<{ world: ProcessTest; hooks: HookSystem }> = [];
// The first spawn opens libuv's long-lived signal pipe: the descriptor baselines are taken after it.
beforeAll(warmUpSpawning);
afterEach(async () => {
  for (const { world, hooks } of worlds.splice(0)) await world.verifyClean(hooks);
});

/** A hook system holding the four-part policy for the shell tool `shellTool`. */
export function policySystem(shellTool: string): HookSystem {
  const world = new ProcessTest();
  const env = { [MARKER_VARIABLE]: world.marker };
  const hooks = createHookSystem({
    projectDir: world.dir,
    sessionId: 'adapter-spec',
    settings: {
      tools: { enableHooks: true },
      hooks: {
        BeforeTool: [
          { matcher: `^${shellTool}$`, hooks: [{ type: 'command', command: `bash "${fixture('block-rm.sh')}"`, env }] },
        ],
        AfterModel: [{ hooks: [{ type: 'command', command: 'node', args: [fixture('redact-keys.mjs')], env }] }],
      },
    },
  });
  hooks.register(
    'BeforeTool',
    {
      type: 'function',
      name: 'timeout-5',
      run: (input: HookInputOf<'BeforeTool'>) => {
        const command = String(input.tool_input.command);
        return command.startsWith('timeout ')
          ? undefined
          : { hookSpecificOutput: { tool_input: { command: `timeout 5 ${command}` } } };
      },
    },
    { matcher: `^${shellTool}$` },
  );
  hooks.register('BeforeModel', {
    type: 'function',
    name: 'inject-policy',
    run: (input: HookInputOf<'BeforeModel'>) => ({
      hookSpecificOutput: {
        llm_request: { messages: [{ role: 'system', content: POLICY }, ...(input.llm_request.messages ?? [])] },
      },
    }),
  });
  worlds.push({ world, hooks });
  return hooks;
}

/** A shell tool that records every command that reached it. */
export function shellTool() {
  const ran: string[] = [];
  return { ran, run: (command: string) => (ran.push(command), { stdout: `ran: ${command}`, exitCode: 0 }) };
}

/** Streamed text must never hold the key, not even split: checked on every prefix of the concatenation. */
export function expectNoSecretStreamed(chunks: readonly string[]): void {
  let text = '';
  for (const chunk of chunks) {
    text += chunk;
    expect(text).not.toContain('AKIA');
  }
  expect(text).toBe(REDACTED_ANSWER);
}
