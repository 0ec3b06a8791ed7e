/**
 * hookstream's verdict in each agent's protocol: what the installed hook command prints and how it exits, read
 * the way each agent reads it.
 */
import { describe, expect, it } from 'vitest';
import { agentAnswer, failureAnswer, shownVerdict, type AgentVerdict } from '../../lib/protocol/agentAnswer.js';

const deny: AgentVerdict = { blocked: true, decision: 'deny', reason: 'no rm', stopped: false };
const allow: AgentVerdict = { blocked: false, stopped: false };

describe('agentAnswer', () => {
  it.each(['claude', 'codex'] as const)('%s: a block is exit 2 with the reason on stderr', (agent) => {
    expect(agentAnswer(agent, 'PreToolUse', deny)).toEqual({ exitCode: 2, stdout: '', stderr: 'no rm\n' });
    expect(agentAnswer(agent, 'Stop', { blocked: true, stopped: false })).toEqual({
      exitCode: 2,
      stdout: '',
      stderr: 'blocked by a hookstream hook\n',
    });
  });

  it('claude: no opinion prints nothing; ask, changed input and context go to hookSpecificOutput', () => {
    expect(agentAnswer('claude', 'PreToolUse', allow, { command: 'ls' })).toEqual({
      exitCode: 0,
      stdout: '',
      stderr: '',
    });
    const answer = agentAnswer(
      'claude',
      'PreToolUse',
      { blocked: false, stopped: false, decision: 'ask', reason: 'sure?', toolInput: { command: 'ls -l' } },
      { command: 'ls' },
    );
    expect(JSON.parse(answer.stdout)).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'ask',
        permissionDecisionReason: 'sure?',
        updatedInput: { command: 'ls -l' },
      },
    });
    const context = agentAnswer('claude', 'UserPromptSubmit', {
      blocked: false,
      stopped: true,
      additionalContext: 'x',
    });
    expect(JSON.parse(context.stdout)).toEqual({
      hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'x' },
      continue: false,
    });
  });

  it('gemini: decision deny with the reason', () => {
    const answer = agentAnswer('gemini', 'BeforeTool', deny);
    expect(answer.exitCode).toBe(0);
    expect(JSON.parse(answer.stdout)).toEqual({ decision: 'deny', reason: 'no rm' });
    expect(agentAnswer('gemini', 'BeforeTool', allow).stdout).toBe('');
  });

  it('cursor: permission deny with both messages and exit 2; {} for no opinion', () => {
    const answer = agentAnswer('cursor', 'preToolUse', deny);
    expect(answer.exitCode).toBe(2);
    expect(JSON.parse(answer.stdout)).toEqual({ permission: 'deny', user_message: 'no rm', agent_message: 'no rm' });
    expect(agentAnswer('cursor', 'preToolUse', allow)).toEqual({ exitCode: 0, stdout: '{}\n', stderr: '' });
  });

  it('copilot: permissionDecision on preToolUse, decision block on agentStop, exit 2 elsewhere', () => {
    expect(JSON.parse(agentAnswer('copilot', 'preToolUse', deny).stdout)).toEqual({
      permissionDecision: 'deny',
      permissionDecisionReason: 'no rm',
    });
    expect(JSON.parse(agentAnswer('copilot', 'agentStop', deny).stdout)).toEqual({
      decision: 'block',
      reason: 'no rm',
    });
    expect(agentAnswer('copilot', 'userPromptSubmitted', deny).exitCode).toBe(2);
  });

  it('a failure of hookstream itself denies, saying so', () => {
    expect(failureAnswer('daemon gone')).toEqual({ exitCode: 2, stdout: '', stderr: 'hookstream: daemon gone\n' });
  });
});

describe('shownVerdict', () => {
  it('adds each warning to the message the agent shows, after the hooks own, and changes nothing else', () => {
    const result = {
      blocked: false,
      stopped: false,
      decision: 'ask' as const,
      systemMessage: 'mine',
      warnings: ['a', 'b'],
    };
    const shown = shownVerdict(result);
    expect(shown.systemMessage).toBe('mine\nhookstream: a\nhookstream: b');
    expect(agentAnswer('claude', 'PreToolUse', shown).stdout).toContain('"permissionDecision":"ask"');
    expect(JSON.parse(agentAnswer('cursor', 'preToolUse', shown).stdout)).toMatchObject({
      permission: 'ask',
      user_message: 'mine\nhookstream: a\nhookstream: b',
    });
  });

  it('is the result itself without warnings', () => {
    const result = { blocked: false, stopped: false, warnings: [] };
    expect(shownVerdict(result)).toBe(result);
  });
});
