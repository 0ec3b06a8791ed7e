/**
 * The host helpers for Claude Code's events a host must act on (issue 12): answering a permission dialog
 * (`requestPermissionWithHooks`), a tool that threw (`executeToolWithHooks` fires PostToolUseFailure), a turn that
 * ended in an API error (`reportStopFailureWithHooks`). Each row runs with function hooks and real command hooks.
 */
import { describe, expect, it } from 'vitest';
import {
  executeToolWithHooks,
  reportStopFailureWithHooks,
  requestPermissionWithHooks,
  stopFailureKind,
} from '../../lib/entry/host.js';
import { type HookInput } from '../../lib/index.js';
import { KINDS, systemWith } from './hostHarness.js';

const bash = { toolName: 'Bash', toolInput: { command: 'npm test', timeout: 5 } };

describe.each(KINDS)('requestPermissionWithHooks with %s hooks', (kind) => {
  it("allow: Claude's decision object replaces the input and carries the permission updates", async () => {
    const hooks = systemWith(kind, {
      PermissionRequest: [
        {
          matcher: 'Bash',
          output: {
            hookSpecificOutput: {
              hookEventName: 'PermissionRequest',
              decision: {
                behavior: 'allow',
                updatedInput: { command: 'npm run lint' },
                updatedPermissions: [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }],
              },
            },
          },
        },
      ],
    });
    const verdict = await requestPermissionWithHooks(hooks, bash);
    expect(verdict).toMatchObject({
      behavior: 'allow',
      toolInput: { command: 'npm run lint' },
      updatedPermissions: [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }],
      interrupt: false,
    });
    expect(verdict.hookResult.event).toBe('PermissionRequest');
  });

  it('deny beats allow: the message is the reason, interrupt stops, and no permission update applies', async () => {
    const hooks = systemWith(kind, {
      PermissionRequest: [
        { output: { decision: 'allow', hookSpecificOutput: { updatedPermissions: [{ type: 'addRules' }] } } },
        { output: { hookSpecificOutput: { decision: { behavior: 'deny', message: 'not on CI', interrupt: true } } } },
      ],
    });
    const verdict = await requestPermissionWithHooks(hooks, bash);
    expect(verdict).toMatchObject({ behavior: 'deny', message: 'not on CI', interrupt: true, updatedPermissions: [] });
    expect(verdict.toolInput).toBe(bash.toolInput);
  });

  it('no hook decides: ask, with the input unchanged and the suggestions passed to hooks', async () => {
    const seen: HookInput[] = [];
    const hooks = systemWith(kind, {
      PermissionRequest: [
        kind === 'function'
          ? {
              run: (input) => {
                seen.push(input);
                return { systemMessage: 'logged' };
              },
            }
          : { output: { systemMessage: 'logged' } },
      ],
    });
    const suggestions = [{ type: 'addRules', rules: [{ toolName: 'Bash' }], behavior: 'allow' }];
    const verdict = await requestPermissionWithHooks(hooks, { ...bash, permissionSuggestions: suggestions });
    expect(verdict).toMatchObject({ behavior: 'ask', interrupt: false, systemMessages: ['logged'] });
    expect(verdict.toolInput).toBe(bash.toolInput);
    if (kind === 'function') expect(seen[0]).toMatchObject({ permission_suggestions: suggestions });
  });
});

describe.each(KINDS)('executeToolWithHooks: a tool that throws, with %s hooks', (kind) => {
  it('fires PostToolUseFailure with the error; its context follows the failure the model reads', async () => {
    const hooks = systemWith(kind, {
      PostToolUseFailure: [
        { matcher: 'Bash', output: { hookSpecificOutput: { additionalContext: 'run npm ci first' } } },
      ],
      AfterTool: [{ output: { systemMessage: 'after ran' } }],
    });
    const outcome = await executeToolWithHooks(
      hooks,
      'Bash',
      { command: 'npm test' },
      () => {
        throw new Error('exit status 1');
      },
      { toolCallId: 'toolu_1' },
    );
    expect(outcome.isError).toBe(true);
    expect(outcome.llmContent).toBe('Tool "Bash" failed: exit status 1\n\nrun npm ci first');
    // AfterTool still sees the failed call, as before.
    expect(outcome.systemMessages).toEqual(['after ran']);
    expect(outcome.hookResults.failure?.event).toBe('PostToolUseFailure');
    expect(outcome.hookResults.failure?.hooks).toHaveLength(1);
  });

  it('a blocking failure hook adds its reason for the model; a tool that succeeds fires no failure', async () => {
    const hooks = systemWith(kind, {
      PostToolUseFailure: [{ output: { decision: 'block', reason: 'the test database is down' } }],
    });
    const failed = await executeToolWithHooks(hooks, 'Bash', {}, () => Promise.reject(new Error('ECONNREFUSED')));
    expect(failed.llmContent).toBe('Tool "Bash" failed: ECONNREFUSED\n\nthe test database is down');
    const fine = await executeToolWithHooks(hooks, 'Bash', {}, () => 'ok');
    expect(fine.llmContent).toBe('ok');
    expect(fine.hookResults.failure).toBeUndefined();
  });
});

describe('executeToolWithHooks: what PostToolUseFailure hooks receive', () => {
  it('tool name and input, the error text, the call id and a duration', async () => {
    const seen: HookInput[] = [];
    const hooks = systemWith('function', {
      PostToolUseFailure: [
        {
          run: (input) => {
            seen.push(input);
            return undefined;
          },
        },
      ],
    });
    await executeToolWithHooks(
      hooks,
      'Bash',
      { command: 'npm test' },
      () => {
        throw new Error('exit status 1');
      },
      { toolCallId: 'toolu_7' },
    );
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      hook_event_name: 'PostToolUseFailure',
      tool_name: 'Bash',
      tool_input: { command: 'npm test' },
      tool_call_id: 'toolu_7',
      error: 'exit status 1',
    });
    expect(typeof (seen[0] as { duration_ms?: unknown }).duration_ms).toBe('number');
  });
});

describe.each(KINDS)('reportStopFailureWithHooks with %s hooks', (kind) => {
  it("names the failure as Claude does, so a matcher can pick it; a hook's block changes nothing", async () => {
    const hooks = systemWith(kind, {
      StopFailure: [
        { matcher: 'rate_limit', output: { decision: 'block', reason: 'x', systemMessage: 'backing off' } },
        { matcher: 'server_error', output: { systemMessage: 'paging on-call' } },
      ],
    });
    const apiError = Object.assign(new Error('429 Too Many Requests'), { status: 429 });
    const outcome = await reportStopFailureWithHooks(hooks, { error: apiError, lastAssistantMessage: 'partial' });
    expect(outcome.kind).toBe('rate_limit');
    expect(outcome.systemMessages).toEqual(['backing off']);
    expect(outcome.hookResult.hooks).toHaveLength(1);
  });
});

describe('stopFailureKind', () => {
  it('reads the HTTP status an SDK error carries, or a kind given as is', () => {
    const withStatus = (status: number) => ({ status });
    expect(stopFailureKind(withStatus(429))).toBe('rate_limit');
    expect(stopFailureKind(withStatus(401))).toBe('authentication_failed');
    expect(stopFailureKind(withStatus(403))).toBe('authentication_failed');
    expect(stopFailureKind(withStatus(402))).toBe('billing_error');
    expect(stopFailureKind(withStatus(400))).toBe('invalid_request');
    expect(stopFailureKind(withStatus(529))).toBe('server_error');
    expect(stopFailureKind({ statusCode: 500 })).toBe('server_error');
    expect(stopFailureKind({ response: { status: 429 } })).toBe('rate_limit');
    expect(stopFailureKind('max_output_tokens')).toBe('max_output_tokens');
    expect(stopFailureKind(new Error('socket hang up'))).toBe('unknown');
    expect(stopFailureKind('something else')).toBe('unknown');
  });
});
