/**
 * The dialect protocol specs' shared pieces, pure functions and no process: an agent's event by the name the
 * agent gives it, and what a hook's answer means for that event.
 *
 * @example
 * answerOf(XCODE, 'PreToolUse', { decision: 'deny', reason: 'no' }).outcome; // 'blocked'
 */
import { dialectEvent, type Dialect, type DialectEvent } from '../../lib/dialects/index.js';
import type { ProcessOutcome, ProtocolVerdict } from '../../lib/protocol/commandProtocol.js';
import { interpretDialectRun } from '../../lib/protocol/dialectOutput.js';

/** `dialect`'s event named `native`; throws when it has none, so a misspelt name fails the spec. */
export const eventOf = (dialect: Dialect, native: string): DialectEvent => {
  const event = dialectEvent(dialect, native);
  if (event === undefined) throw new Error(`no ${native}`);
  return event;
};

/** The verdict on a hook of `native` that printed `stdout` (an object as its JSON) and exited 0, unless `facts` say otherwise. */
export const answerOf = (
  dialect: Dialect,
  native: string,
  stdout: unknown,
  facts: Partial<ProcessOutcome> = {},
): ProtocolVerdict =>
  interpretDialectRun(
    'h',
    {
      stdout: typeof stdout === 'string' ? stdout : JSON.stringify(stdout),
      stderr: '',
      timedOut: false,
      timeoutMs: 1000,
      exitCode: 0,
      ...facts,
    },
    { dialect, event: eventOf(dialect, native) },
  );
