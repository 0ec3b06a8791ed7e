/** Policy 3 (redact secrets) in virtual time: plan order decides which AfterModel response wins; results beside a slow hook. */
import { map } from 'rxjs';
import { describe, it } from 'vitest';
import {
  addContext,
  afterModel,
  afterTool,
  decideWith,
  entry,
  fakeExecutor,
  replaceResponse,
} from '../../lib/testing/index.js';
import { redactSecretsHook } from './redactSecrets.js';
import { testScheduler } from './testSupport.js';

const KEY = ['AKIA', 'Q3EGRZ7XK2MBN4TD'].join('');
const response = { text: `the key is ${KEY}` };
const values = {
  m: afterModel({ model: 'm' }, response),
  t: afterTool('read_file', { file_path: 'aws.json' }, { llmContent: KEY }),
};
// A formatter hook that rewrites the (original) response it was given: a later writer than the redactor.
const formatter = () => fakeExecutor({ 'format.sh': replaceResponse({ text: `**${response.text}**` }) });

describe('redact-secrets (marbles)', () => {
  it('must be the last AfterModel writer in plan order: before a formatter, the secret comes back', () => {
    const scheduler = testScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const text = map((r: { llmResponse?: { text?: string } }) => r.llmResponse?.text);
      // The runtime redactor plans before the project formatter, so the formatter's response wins: leaked.
      const leaky = [entry('AfterModel', redactSecretsHook()), entry('AfterModel', 'format.sh', { source: 'project' })];
      expectObservable(cold('m|', values).pipe(decideWith(leaky, { scheduler, fallback: formatter() }), text)).toBe(
        'a|',
        {
          a: `**the key is ${KEY}**`,
        },
      );
      // Registered at a lower priority than the formatter, the redactor writes last: redacted.
      const safe = [
        entry('AfterModel', 'format.sh', { source: 'project' }),
        entry('AfterModel', redactSecretsHook(), { source: 'user' }),
      ];
      expectObservable(cold('m|', values).pipe(decideWith(safe, { scheduler, fallback: formatter() }), text)).toBe(
        'a|',
        {
          a: 'the key is [REDACTED:aws-access-key]',
        },
      );
    });
  });

  it('AfterTool: hides the result at once, and joins its notice with a slower hook’s context in plan order', () => {
    const scheduler = testScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const lint = cold('--a|', { a: addContext('lint: 0 problems') });
      const entries = [entry('AfterTool', redactSecretsHook()), entry('AfterTool', 'lint.sh', { source: 'project' })];
      const results = cold('t-t|', values).pipe(
        decideWith(entries, { scheduler, fallback: fakeExecutor({ 'lint.sh': lint }) }),
        map((r) => [r.suppressOutput, r.additionalContext?.split('\n').map((line) => line.slice(0, 16))]),
      );
      expectObservable(results).toBe('--a-(b|)', {
        a: [true, ['SECURITY NOTICE:', 'lint: 0 problems']],
        b: [true, ['SECURITY NOTICE:', 'lint: 0 problems']],
      });
      expectSubscriptions(lint.subscriptions).toBe(['^-!', '--^-!']);
    });
  });
});
