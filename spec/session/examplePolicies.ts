/**
 * The example policy set of the specs, the corpus and the bench: a shell budget, a loop guard, no push after an
 * edit until the tests pass, no egress after untrusted content without asking, and information flow from
 * untrusted and secret outputs to the sinks that send data out.
 */
import type { SessionRule } from '../../lib/session/policyInstance.js';
import { flow } from '../../lib/session/rules/flow.js';
import { limit } from '../../lib/session/rules/limit.js';
import { repeat } from '../../lib/session/rules/repeat.js';
import { sequence } from '../../lib/session/rules/sequence.js';

/** Tools that send data out of the session. */
export const EGRESS = '^(send_email|send_money|post_message|send_direct_message|http_post|share_file|book_.*)$';
/** Tools whose output an attacker may control. */
export const UNTRUSTED = '^(web_fetch|read_inbox|read_channel|read_file_shared|search_reviews|get_transactions)$';

export const examplePolicies = (): Record<string, SessionRule> => ({
  'shell-budget': limit({ match: 'Bash', count: 30, per: '1m' }),
  'loop-guard': repeat({ match: '.*', times: 3, same: 'failure', decision: 'stop' }),
  'push-after-tests': sequence({
    after: '^(Edit|Write)$',
    refuse: { tool: 'Bash', input: { command: '^git push' } },
    until: { event: 'AfterTool', tool: 'Bash', input: { command: 'npm test' }, failed: false },
    reason: 'no push after an edit until the tests pass',
  }),
  'data-flow': flow({
    label: [
      { match: UNTRUSTED, labels: ['untrusted'] },
      { match: '^(read_secrets|get_password|read_file_private)$', labels: ['secret'] },
    ],
    sink: [{ match: EGRESS, refuse: ['untrusted', 'secret'] }],
  }),
});
