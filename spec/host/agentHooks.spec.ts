import { describe, expect, it } from 'vitest';
import {
  afterAgentWithHooks,
  beforeAgentWithHooks,
  runAgentWithHooks,
  type AgentTurn,
} from '../../lib/host/agentHooks.js';
import { AgentStopSignal } from '../../lib/host/stopSignal.js';
import type { HookInput } from '../../lib/index.js';
import { KINDS, plainSystem, systemWith, type HookSpec } from './hostHarness.js';

/** An agent that answers each prompt with a numbered reply and records the prompts. */
const scriptedAgent = () => {
  const prompts: Array<{ prompt: string; stopHookActive: boolean }> = [];
  const turn: AgentTurn = async (prompt, { stopHookActive }) => {
    prompts.push({ prompt, stopHookActive });
    return `answer ${prompts.length}`;
  };
  return { prompts, turn };
};

/** An AfterAgent hook that blocks once: only while no stop hook is active. */
const blockOnce = (kind: 'function' | 'command'): HookSpec =>
  kind === 'function'
    ? {
        run: (input: HookInput) =>
          'stop_hook_active' in input && input.stop_hook_active
            ? undefined
            : { decision: 'block', reason: 'run the tests first' },
      }
    : {
        command: `input=$(cat); case "$input" in *'"stop_hook_active":false'*) echo '{"decision":"block","reason":"run the tests first"}';; esac`,
      };

describe.each(KINDS)('agent lifecycle with %s hooks', (kind) => {
  it('BeforeAgent block discards the prompt with the reason, and no turn runs', async () => {
    const hooks = systemWith(kind, {
      BeforeAgent: [{ output: { decision: 'block', reason: 'prompt contains a secret' } }],
    });
    const agent = scriptedAgent();
    const run = await runAgentWithHooks(hooks, 'my key is sk-1', agent.turn);
    expect(run.blocked).toEqual({ reason: 'prompt contains a secret' });
    expect(run.prompt).toBeUndefined();
    expect(agent.prompts).toEqual([]);
  });

  it('BeforeAgent additionalContext is added to the prompt', async () => {
    const hooks = systemWith(kind, {
      BeforeAgent: [
        { output: { hookSpecificOutput: { hookEventName: 'BeforeAgent', additionalContext: 'Branch: main' } } },
      ],
    });
    const outcome = await beforeAgentWithHooks(hooks, 'fix the bug');
    expect(outcome.prompt).toBe('fix the bug\n\nBranch: main');
    expect(outcome.blocked).toBeUndefined();
  });

  it('AfterAgent block re-prompts with the reason and stop_hook_active, once', async () => {
    const hooks = systemWith(kind, { AfterAgent: [blockOnce(kind)] });
    const agent = scriptedAgent();
    const run = await runAgentWithHooks(hooks, 'fix the bug', agent.turn);
    expect(agent.prompts).toEqual([
      { prompt: 'fix the bug', stopHookActive: false },
      { prompt: 'run the tests first', stopHookActive: true },
    ]);
    expect(run).toMatchObject({ responses: ['answer 1', 'answer 2'], continuations: 1, limitReached: false });
  });

  it('AfterAgent that always blocks is bounded by maxContinuations', async () => {
    const hooks = systemWith(kind, { AfterAgent: [{ output: { decision: 'block', reason: 'again' } }] });
    const agent = scriptedAgent();
    const run = await runAgentWithHooks(hooks, 'go', agent.turn, { maxContinuations: 2 });
    expect(agent.prompts).toHaveLength(3);
    expect(run).toMatchObject({ continuations: 2, limitReached: true });
    expect(run.warnings.at(-1)).toContain('again');
  });

  it('a stop in BeforeAgent or AfterAgent rejects with AgentStopSignal', async () => {
    const before = systemWith(kind, { BeforeAgent: [{ output: { continue: false, stopReason: 'maintenance' } }] });
    await expect(runAgentWithHooks(before, 'go', scriptedAgent().turn)).rejects.toMatchObject({
      name: 'AgentStopSignal',
      event: 'BeforeAgent',
      reason: 'maintenance',
    });
    const after = systemWith(kind, { AfterAgent: [{ output: { continue: false, stopReason: 'done' } }] });
    const error = await runAgentWithHooks(after, 'go', scriptedAgent().turn).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AgentStopSignal);
    expect(error).toMatchObject({ event: 'AfterAgent', reason: 'done', partial: 'answer 1' });
  });
});

describe('afterAgentWithHooks', () => {
  it('passes prompt, response and stop_hook_active to hooks', async () => {
    const seen: HookInput[] = [];
    const hooks = systemWith('function', { AfterAgent: [{ run: (input) => void seen.push(input) }] });
    const decision = await afterAgentWithHooks(hooks, { prompt: 'p', response: 'r', stopHookActive: true });
    expect(seen[0]).toMatchObject({ prompt: 'p', prompt_response: 'r', stop_hook_active: true });
    expect(decision.continueWith).toBeUndefined();
  });

  it('runs one turn and returns its answer when no hook is registered', async () => {
    const agent = scriptedAgent();
    const run = await runAgentWithHooks(plainSystem(), 'hi', agent.turn);
    expect(run).toMatchObject({
      prompt: 'hi',
      responses: ['answer 1'],
      continuations: 0,
      systemMessages: [],
      warnings: [],
    });
  });
});
