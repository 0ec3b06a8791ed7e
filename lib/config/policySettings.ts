/**
 * `sessionPolicies` in settings: named declarative session policies (`limit`, `repeat`, `sequence`, `flow`), each
 * checked here with the hooks' diagnostics (file, JSON pointer, line, expected vs received) — a bad policy drops
 * only itself — and merged over scopes so that no scope loosens a more trusted one: policies only ever add
 * refusals, and a name defined by a more trusted scope (system > user > project > extension) cannot be redefined
 * by a less trusted one.
 */
import { describeReceived, joinPointer } from '../core/messages.js';
import { isRecord } from '../core/guards.js';
import type { ConfigProblem } from '../diagnostics/problems.js';
import type { ProblemSink } from '../diagnostics/problemSink.js';
import type { HookSource } from '../model/types.js';
import { compileMatcher } from '../plan/matcher.js';

/** The kinds of declarative policy, one key each. */
export const POLICY_KINDS = ['limit', 'repeat', 'sequence', 'flow'] as const;
export type PolicyKind = (typeof POLICY_KINDS)[number];

/** A policy as a settings file gives it, checked: its kind and its (JSON) spec, with where it came from. */
export interface LoadedPolicy {
  readonly name: string;
  readonly kind: PolicyKind;
  readonly spec: Readonly<Record<string, unknown>>;
  readonly source: HookSource;
  readonly file?: string;
  readonly pointer: string;
}

const DECISIONS = ['deny', 'ask', 'stop'];
const DURATION = /^\d+(?:\.\d+)?(ms|s|m|h|d)$/;

/** Checks a step matcher (a tool pattern or `{ event, tool, input, failed }`); false when unusable. */
const checkMatch = (value: unknown, pointer: string, sink: ProblemSink): boolean => {
  const pattern = (text: unknown, at: string): boolean => {
    if (typeof text !== 'string') {
      sink.error(at, 'a matcher pattern must be a string', {
        expected: 'a regular expression',
        received: describeReceived(text),
      });
      return false;
    }
    const { problem } = compileMatcher(text);
    if (problem !== undefined) sink.warning(at, problem);
    return true;
  };
  if (typeof value === 'string') return pattern(value, pointer);
  if (!isRecord(value)) {
    sink.error(pointer, 'a matcher must be a tool-name pattern or an object', {
      expected: 'a string, or { "event", "tool", "input", "failed" }',
      received: describeReceived(value),
    });
    return false;
  }
  let ok = true;
  for (const [key, field] of Object.entries(value)) {
    const at = joinPointer(pointer, key);
    if (key === 'event' || key === 'tool') ok = pattern(field, at) && ok;
    else if (key === 'failed') {
      if (typeof field !== 'boolean') {
        sink.error(at, '"failed" must be a boolean', { expected: 'true or false', received: describeReceived(field) });
        ok = false;
      }
    } else if (key === 'input' && isRecord(field)) {
      for (const [path, text] of Object.entries(field)) ok = pattern(text, joinPointer(at, path)) && ok;
    } else {
      sink.error(
        at,
        key === 'input' ? '"input" must map field paths to patterns' : `unknown matcher key ${JSON.stringify(key)}`,
        {
          expected: key === 'input' ? 'an object' : 'event, tool, input or failed',
          received: describeReceived(field),
          atKey: key !== 'input',
        },
      );
      ok = false;
    }
  }
  return ok;
};

type Check = (value: unknown, pointer: string, sink: ProblemSink) => boolean;

const number: Check = (value, pointer, sink) => {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return true;
  sink.error(pointer, 'expected a non-negative number', {
    expected: 'a number ≥ 0',
    received: describeReceived(value),
  });
  return false;
};
const string: Check = (value, pointer, sink) => {
  if (typeof value === 'string' && value !== '') return true;
  sink.error(pointer, 'expected a non-empty string', { expected: 'a string', received: describeReceived(value) });
  return false;
};
const duration: Check = (value, pointer, sink) => {
  if ((typeof value === 'number' && value > 0) || (typeof value === 'string' && DURATION.test(value))) return true;
  sink.error(pointer, 'expected a duration', {
    expected: '"500ms", "30s", "1m", "2h", "1d" or milliseconds',
    received: describeReceived(value),
  });
  return false;
};
const decision: Check = (value, pointer, sink) => {
  if (typeof value === 'string' && DECISIONS.includes(value)) return true;
  sink.error(pointer, 'expected a decision', {
    expected: '"deny", "ask" or "stop"',
    received: describeReceived(value),
  });
  return false;
};
const labels: Check = (value, pointer, sink) => {
  if (Array.isArray(value) && value.length > 0 && value.every((label) => typeof label === 'string' && label !== ''))
    return true;
  sink.error(pointer, 'expected a list of labels', {
    expected: 'an array of strings, e.g. ["untrusted"]',
    received: describeReceived(value),
  });
  return false;
};
const list =
  (fields: Record<string, Check>, required: readonly string[]): Check =>
  (value, pointer, sink) => {
    if (!Array.isArray(value)) {
      sink.error(pointer, 'expected a list', { expected: 'an array of objects', received: describeReceived(value) });
      return false;
    }
    return value.map((item, index) => object(fields, required)(item, joinPointer(pointer, index), sink)).every(Boolean);
  };
const object =
  (fields: Record<string, Check>, required: readonly string[]): Check =>
  (value, pointer, sink) => {
    if (!isRecord(value)) {
      sink.error(pointer, 'expected an object', { expected: 'an object', received: describeReceived(value) });
      return false;
    }
    let ok = true;
    for (const key of required)
      if (!(key in value)) {
        sink.error(pointer, `missing "${key}"`, { expected: `a "${key}" field` });
        ok = false;
      }
    for (const [key, field] of Object.entries(value)) {
      const check = fields[key];
      if (check === undefined) {
        sink.error(joinPointer(pointer, key), `unknown key ${JSON.stringify(key)}`, {
          expected: Object.keys(fields).join(', '),
          atKey: true,
        });
        ok = false;
      } else ok = check(field, joinPointer(pointer, key), sink) && ok;
    }
    return ok;
  };

const SPECS: Record<PolicyKind, Check> = {
  limit: (value, pointer, sink) => {
    const ok = object({ match: checkMatch, count: number, sum: string, max: number, per: duration, decision }, [
      'match',
    ])(value, pointer, sink);
    if (!ok || !isRecord(value)) return false;
    if (
      (value.count === undefined) === (value.sum === undefined) ||
      (value.sum !== undefined) !== (value.max !== undefined)
    ) {
      sink.error(pointer, 'a limit has either "count", or "sum" with "max"', {
        expected: '{ "count": 30 } or { "sum": "usage.cost_usd", "max": 5 }',
      });
      return false;
    }
    return true;
  },
  repeat: (value, pointer, sink) => {
    const same: Check = (v, at, s) => {
      if (v === 'call' || v === 'failure') return true;
      s.error(at, 'expected "call" or "failure"', { expected: '"call" or "failure"', received: describeReceived(v) });
      return false;
    };
    return object({ match: checkMatch, times: number, same, within: duration, decision }, ['match', 'times'])(
      value,
      pointer,
      sink,
    );
  },
  sequence: object({ after: checkMatch, refuse: checkMatch, until: checkMatch, decision, reason: string }, [
    'after',
    'refuse',
  ]),
  flow: object(
    {
      label: list({ match: checkMatch, labels }, ['match', 'labels']),
      sink: list({ match: checkMatch, refuse: labels, decision }, ['match', 'refuse']),
      retainBytes: number,
    },
    [],
  ),
};

/** Reads `sessionPolicies` of one source: `{ "<name>": { "<kind>": { … } } }`. */
export function readSessionPolicies(
  record: Record<string, unknown>,
  source: HookSource,
  file: string | undefined,
  sink: ProblemSink,
): LoadedPolicy[] {
  const policies: LoadedPolicy[] = [];
  for (const [name, value] of Object.entries(record)) {
    const pointer = joinPointer('/sessionPolicies', name);
    const kinds = isRecord(value) ? Object.keys(value) : [];
    const kind = kinds[0] as PolicyKind | undefined;
    if (!isRecord(value) || kinds.length !== 1 || kind === undefined || !POLICY_KINDS.includes(kind)) {
      sink.error(pointer, `session policy ${JSON.stringify(name)} is ignored: it must have exactly one kind`, {
        expected: `{ "${POLICY_KINDS.join('" | "')}": { … } }`,
        received: describeReceived(value),
      });
      continue;
    }
    const spec = value[kind];
    if (!SPECS[kind](spec, joinPointer(pointer, kind), sink)) continue;
    const policy: LoadedPolicy = { name, kind, spec: spec as Record<string, unknown>, source, pointer };
    if (file !== undefined) (policy as { file?: string }).file = file;
    policies.push(policy);
  }
  return policies;
}

const TRUST: Record<HookSource, number> = { runtime: 4, system: 3, user: 2, project: 1, extension: 0 };

/** All scopes' policies; a name already defined by a more (or as) trusted scope keeps that definition. */
export function mergeSessionPolicies(policies: readonly LoadedPolicy[], problems: ConfigProblem[]): LoadedPolicy[] {
  const byName = new Map<string, LoadedPolicy>();
  const ordered = [...policies].sort((a, b) => TRUST[b.source] - TRUST[a.source]);
  for (const policy of ordered) {
    const kept = byName.get(policy.name);
    if (kept === undefined) byName.set(policy.name, policy);
    else
      problems.push({
        severity: 'warning',
        file: policy.file ?? policy.source,
        pointer: policy.pointer,
        message: `session policy ${JSON.stringify(policy.name)} is already defined by ${kept.source} settings${
          kept.file === undefined ? '' : ` (${kept.file})`
        }; ${policy.source} settings cannot replace it, so this one is ignored`,
      });
  }
  return [...byName.values()];
}
