/**
 * Matchers on lifecycle fields compare in the agent's own words. The planner tests a matcher against the
 * canonical input (SessionStart `source: "compress"`), but a Claude file says `compact`, the word Claude sends:
 * compared as written it would never match and the hook would silently not run. So a dialect's matcher is tested
 * against the value the agent itself would have sent (the event's `toNativeValues`), and a matcher naming a word
 * the agent never sends is reported at load, with the word it probably meant.
 */
import type { Matcher } from '../model/types.js';
import type { DialectEvent } from '../dialects/types.js';
import { didYouMean } from '../diagnostics/suggest.js';

/** A plain list of names (`startup|resume`, `manual`): the only matchers whose words can be checked. */
const NAME_LIST = /^[A-Za-z0-9_\-, |]+$/;

/** Canonical value → the dialect's value for the event's match target, or `undefined` when they are the same. */
const nativeValues = (event: DialectEvent): Readonly<Record<string, string>> | undefined =>
  event.matchTarget === undefined ? undefined : event.input?.toNativeValues?.[event.matchTarget];

/**
 * `matcher` tested against the dialect's word for the canonical target: Claude's `compact` matches a
 * canonical `compress`. Values the table does not name are tested as they are.
 */
export const inDialectVocabulary = (matcher: Matcher, event: DialectEvent): Matcher => {
  const table = nativeValues(event);
  if (table === undefined) return matcher;
  return {
    pattern: matcher.pattern,
    test: (target) => matcher.test(Object.hasOwn(table, target) ? (table[target] ?? target) : target),
  };
};

/**
 * The problem with a matcher that names words the agent never sends for this event (`compress` in a Claude
 * file, a typo such as `startpu`), or `undefined`. Regular expressions are not checked.
 */
export const vocabularyProblem = (pattern: string, event: DialectEvent, label: string): string | undefined => {
  const values = event.matchValues;
  if (values === undefined || event.matchTarget === undefined || !NAME_LIST.test(pattern)) return undefined;
  const unknown = pattern
    .split(/[|,]/)
    .map((name) => name.trim())
    .filter((name) => name !== '' && name !== '*' && !values.includes(name));
  if (unknown.length === 0) return undefined;
  const table = nativeValues(event);
  const hints = unknown.map((name) => {
    const native = table !== undefined && Object.hasOwn(table, name) ? table[name] : undefined;
    return native !== undefined ? `; ${label} calls "${name}" "${native}"` : didYouMean(name, values);
  });
  return (
    `matcher names ${unknown.map((name) => JSON.stringify(name)).join(', ')}, which ${label} never sends as ` +
    `${event.native} ${event.matchTarget} (it sends ${values.join(', ')})${hints.join('')}; that part never matches`
  );
};
