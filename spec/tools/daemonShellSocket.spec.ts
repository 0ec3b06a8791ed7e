/**
 * The shell client's wire format on the daemon's side: the form curl sends becomes a daemon request (only the
 * project variables the daemon reads are taken from it), and an answer is joined by RS so that a shell can split
 * it — an answer that would itself hold RS is refused rather than split wrongly.
 */
import { describe, expect, it } from 'vitest';
import { failureAnswer } from '../../lib/protocol/agentAnswer.js';
import { requestOfForm, shellAnswerBody } from '../../lib/tools/daemonShellSocket.js';

describe('requestOfForm', () => {
  it('reads agent, event, cwd, stdin and the project variables, decoded', () => {
    const form = new URLSearchParams({
      agent: 'claude',
      event: 'PreToolUse',
      cwd: '/p q',
      'env.CLAUDE_PROJECT_DIR': '/proj',
      'env.PATH': '/evil',
      stdin: '{"a":"b&c=d+e%"}',
    });
    expect(requestOfForm(form.toString())).toEqual({
      agent: 'claude',
      event: 'PreToolUse',
      cwd: '/p q',
      env: { CLAUDE_PROJECT_DIR: '/proj' },
      stdin: '{"a":"b&c=d+e%"}',
    });
  });

  it('says what is missing without agent or stdin', () => {
    expect(requestOfForm('agent=claude')).toBe('the daemon received a request without agent and stdin');
    expect(requestOfForm('stdin=%7B%7D')).toBe('the daemon received a request without agent and stdin');
  });
});

describe('shellAnswerBody', () => {
  it('joins exit code, stdout and stderr by RS, ended by one', () => {
    expect(shellAnswerBody({ exitCode: 2, stdout: '', stderr: 'no\n' })).toBe('2\x1e\x1eno\n\x1e');
  });

  it('refuses an answer whose stdout holds RS: the shell would split it wrongly', () => {
    const body = shellAnswerBody({ exitCode: 0, stdout: '{"a":"\x1e"}', stderr: '' });
    const failure = failureAnswer('an answer held the separator RS');
    expect(body).toBe(`2\x1e\x1e${failure.stderr}\x1e`);
  });
});
