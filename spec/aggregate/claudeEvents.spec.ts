/**
 * Aggregation and chaining of Claude Code's own events (issue 12): PermissionRequest's decision, input and
 * permission updates, the replace-or-merge rule of `tool_input` (Claude's `updatedInput` replaces), Elicitation's
 * answer, WorktreeCreate's path, PermissionDenied's retry and the watch paths — each in plan order, whatever order
 * the hooks finished in.
 */
import { describe, expect, it } from 'vitest';
import { assembleHookResult } from '../../lib/aggregate/hookResult.js';
import { fastPathResult } from '../../lib/aggregate/fastPath.js';
import type { HookInput } from '../../lib/events/inputs.js';
import type { HookOutput } from '../../lib/events/outputs.js';
import { applyHookOutputToInput } from '../../lib/rules/chainInput.js';
import type { HookRun } from '../../lib/model/types.js';
import { beforeTool, blockedRun, inputOf, okRun } from '../helpers/marbles.js';

const assemble = (input: HookInput, runs: HookRun[], chainedInput?: HookInput) =>
  assembleHookResult(
    input.hook_event_name,
    input,
    runs,
    chainedInput ? { durationMs: 1, chainedInput } : { durationMs: 1 },
  );

const outputs = (...list: HookOutput[]) => list.map((output, index) => okRun(`h${index + 1}`, output));

const replace = (fields: Record<string, unknown>): HookOutput => ({
  hookSpecificOutput: { tool_input: fields, replaceToolInput: true },
});
const patch = (fields: Record<string, unknown>): HookOutput => ({ hookSpecificOutput: { tool_input: fields } });

const permissionRequest = (toolInput: Record<string, unknown> = { command: 'npm test', timeout: 5 }) =>
  inputOf('PermissionRequest', { tool_name: 'Bash', tool_input: toolInput });

describe('tool input: replace or merge, in plan order', () => {
  const original = { command: 'git status', description: 'show' };

  it('a replacement drops the keys it leaves out; a patch keeps them', () => {
    expect(assemble(beforeTool('Bash', original), outputs(replace({ command: 'rtk git status' }))).toolInput).toEqual({
      command: 'rtk git status',
    });
    expect(assemble(beforeTool('Bash', original), outputs(patch({ command: 'rtk git status' }))).toolInput).toEqual({
      command: 'rtk git status',
      description: 'show',
    });
  });

  it('a patch after a replacement lands on the replacement; a replacement after a patch discards it', () => {
    const replaced = replace({ command: 'a' });
    const patched = patch({ cwd: '/tmp' });
    expect(assemble(beforeTool('Bash', original), outputs(replaced, patched)).toolInput).toEqual({
      command: 'a',
      cwd: '/tmp',
    });
    expect(assemble(beforeTool('Bash', original), outputs(patched, replaced)).toolInput).toEqual({ command: 'a' });
  });

  it('the sequential chain applies the same rule, and the result takes the chain’s input', () => {
    let input: HookInput = beforeTool('Bash', original);
    const list = [patch({ cwd: '/tmp' }), replace({ command: 'a' }), patch({ timeout: 5 })];
    const seen: unknown[] = [];
    for (const output of list) {
      input = applyHookOutputToInput(input, output);
      seen.push((input as HookInput & { tool_input: unknown }).tool_input);
    }
    expect(seen).toEqual([{ ...original, cwd: '/tmp' }, { command: 'a' }, { command: 'a', timeout: 5 }]);
    const chained = assemble(beforeTool('Bash', original), outputs(...list), input);
    expect(chained.toolInput).toEqual({ command: 'a', timeout: 5 });
  });

  it('PermissionRequest chains its input like BeforeTool', () => {
    const next = applyHookOutputToInput(permissionRequest(), replace({ command: 'npm run lint' }));
    expect((next as HookInput & { tool_input: unknown }).tool_input).toEqual({ command: 'npm run lint' });
  });
});

describe('PermissionRequest', () => {
  it('an allow carries the replaced input and the permission updates of every allowing hook, in plan order', () => {
    const result = assemble(
      permissionRequest(),
      outputs(
        { decision: 'allow', hookSpecificOutput: { updatedPermissions: [{ type: 'setMode', mode: 'acceptEdits' }] } },
        {
          decision: 'allow',
          hookSpecificOutput: {
            tool_input: { command: 'npm run lint' },
            replaceToolInput: true,
            updatedPermissions: [{ type: 'addRules', rules: [{ toolName: 'Bash' }] }],
          },
        },
      ),
    );
    expect(result).toMatchObject({ decision: 'allow', blocked: false, toolInput: { command: 'npm run lint' } });
    expect(result.updatedPermissions).toEqual([
      { type: 'setMode', mode: 'acceptEdits' },
      { type: 'addRules', rules: [{ toolName: 'Bash' }] },
    ]);
  });

  it('deny wins over allow whichever finished first, and interrupt is a stop', () => {
    const allow: HookOutput = { decision: 'allow', hookSpecificOutput: { updatedPermissions: [{ type: 'x' }] } };
    const deny: HookOutput = { decision: 'deny', reason: 'no', continue: false, stopReason: 'no' };
    for (const runs of [outputs(allow, deny), outputs(deny, allow)]) {
      const result = assemble(permissionRequest(), runs);
      expect(result).toMatchObject({ decision: 'deny', blocked: true, reason: 'no', stopped: true });
      expect(result.updatedPermissions).toEqual([{ type: 'x' }]);
    }
  });

  it('no hook: the fast path passes the input through, as BeforeTool does', () => {
    const toolInput = { command: 'ls' };
    expect(fastPathResult('PermissionRequest', { tool_name: 'Bash', tool_input: toolInput }).toolInput).toBe(toolInput);
    expect(assemble(permissionRequest(toolInput), []).toolInput).toBe(toolInput);
  });
});

describe('other Claude events', () => {
  const elicitation = inputOf('Elicitation', { mcp_server_name: 'db', message: 'Credentials?' });

  it('Elicitation: the most final action wins (decline > cancel > accept); accept carries the last content', () => {
    const accept = (user: string): HookOutput => ({ hookSpecificOutput: { action: 'accept', content: { user } } });
    expect(assemble(elicitation, outputs(accept('a'), accept('b'))).elicitation).toEqual({
      action: 'accept',
      content: { user: 'b' },
    });
    const cancel: HookOutput = { hookSpecificOutput: { action: 'cancel' } };
    const decline: HookOutput = { hookSpecificOutput: { action: 'decline' } };
    expect(assemble(elicitation, outputs(accept('a'), cancel)).elicitation).toEqual({ action: 'cancel' });
    expect(assemble(elicitation, outputs(decline, cancel, accept('a'))).elicitation).toEqual({ action: 'decline' });
    expect(assemble(elicitation, outputs({ systemMessage: 'm' })).elicitation).toBeUndefined();
  });

  it('Elicitation: a block (exit 2) declines', () => {
    const result = assemble(elicitation, [
      okRun('h1', { hookSpecificOutput: { action: 'accept', content: {} } }),
      blockedRun('h2', 'not this server'),
    ]);
    expect(result.elicitation).toEqual({ action: 'decline' });
    expect(result.reason).toBe('not this server');
  });

  it('WorktreeCreate: the last hook that gave a path wins', () => {
    const input = inputOf('WorktreeCreate', { name: 'feature' });
    const result = assemble(
      input,
      outputs({ hookSpecificOutput: { worktreePath: '/a' } }, {}, { hookSpecificOutput: { worktreePath: '/b' } }),
    );
    expect(result.worktreePath).toBe('/b');
    expect(assemble(input, outputs({})).worktreePath).toBeUndefined();
  });

  it('PermissionDenied: any hook may ask for a retry', () => {
    const input = inputOf('PermissionDenied', { tool_name: 'Bash', tool_input: {}, reason: 'auto mode' });
    expect(assemble(input, outputs({}, { hookSpecificOutput: { retry: true } })).retry).toBe(true);
    expect(assemble(input, outputs({ hookSpecificOutput: { retry: false } })).retry).toBeUndefined();
  });

  it('SessionStart, CwdChanged, FileChanged: watch paths are a sorted union', () => {
    const input = inputOf('CwdChanged', { old_cwd: '/a', new_cwd: '/b' });
    const result = assemble(
      input,
      outputs(
        { hookSpecificOutput: { watchPaths: ['/b/.envrc', '/b/.env'] } },
        { hookSpecificOutput: { watchPaths: ['/b/.env'] } },
      ),
    );
    expect(result.watchPaths).toEqual(['/b/.env', '/b/.envrc']);
  });

  it('an output field of one Claude event is not read on another', () => {
    const input = inputOf('Setup', { trigger: 'init' });
    const result = assemble(
      input,
      outputs({ hookSpecificOutput: { worktreePath: '/a', retry: true, action: 'accept' } }),
    );
    expect(result).not.toHaveProperty('worktreePath');
    expect(result).not.toHaveProperty('retry');
    expect(result).not.toHaveProperty('elicitation');
  });
});
