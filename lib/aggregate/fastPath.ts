/**
 * The no-hook fast path: the HookResult of an event that runs no hook, built without decoding,
 * translating, planning or subscribing. One frozen template per event; only events that hand data
 * back to the host (BeforeTool's arguments, BeforeModel's request, AfterModel's response) copy it.
 */
import { emptyHookResult } from './hookResult.js';
import { ResultRecord } from './resultRecord.js';
import { EVENT_NAMES, type EventName } from '../events/names.js';
import type { HookResult, Mutable } from '../model/types.js';

const deepFreeze = <T extends object>(value: T): T => {
  for (const child of Object.values(value))
    if (typeof child === 'object' && child !== null) deepFreeze(child as object);
  return Object.freeze(value);
};

const TEMPLATES = new Map<EventName, HookResult>(
  EVENT_NAMES.map((event) => {
    const template = emptyHookResult(event, {});
    // Built now, so that a template is deep-frozen with its view.
    deepFreeze(template.aggregated);
    return [event, template];
  }),
);

// One builder per kind of pass-through, each a closure over its template's constant fields: named stores (a computed
// key made this keyed store megamorphic), frozen like every result. The freeze is most of the cost (a runtime call,
// ~25 ns on Node 20, whatever the shape); building the record from constants is ~8 ns.
const withToolInput = (template: HookResult): FastPath => {
  const { event, warnings, hooks } = template;
  return (fields) => {
    const result: Mutable<HookResult> = new ResultRecord(event, false, false, false, warnings, hooks, true, 0);
    result.toolInput = fields.tool_input as HookResult['toolInput'];
    return Object.freeze(result);
  };
};
const withLlmRequest = (template: HookResult): FastPath => {
  const { event, warnings, hooks } = template;
  return (fields) => {
    const result: Mutable<HookResult> = new ResultRecord(event, false, false, false, warnings, hooks, true, 0);
    result.llmRequest = fields.llm_request as HookResult['llmRequest'];
    return Object.freeze(result);
  };
};
const withLlmResponse = (template: HookResult): FastPath => {
  const { event, warnings, hooks } = template;
  return (fields) => {
    const result: Mutable<HookResult> = new ResultRecord(event, false, false, false, warnings, hooks, true, 0);
    result.llmResponse = fields.llm_response as HookResult['llmResponse'];
    return Object.freeze(result);
  };
};

/** How one event's no-hook result is built from its fields. */
export type FastPath = (fields: Readonly<Record<string, unknown>>) => HookResult;

const builderFor = (event: EventName, template: HookResult): FastPath => {
  switch (event) {
    case 'BeforeTool':
    case 'PermissionRequest':
      return withToolInput(template);
    case 'BeforeModel':
      return withLlmRequest(template);
    case 'AfterModel':
      return withLlmResponse(template);
    default:
      return () => template;
  }
};

/** One builder per event, made once. */
const BUILDERS = new Map<EventName, FastPath>(
  [...TEMPLATES].map(([event, template]) => [event, builderFor(event, template)]),
);

/** The no-hook result builder of `event`: for callers that answer many events of one kind look it up once. */
export const fastPathFor = (event: EventName): FastPath => BUILDERS.get(event) as FastPath;

/** The result of `event` when no hook runs; `fields` supplies what passes through unchanged. */
export const fastPathResult = (event: EventName, fields: Readonly<Record<string, unknown>>): HookResult =>
  (BUILDERS.get(event) as FastPath)(fields);
