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

/** A fresh result with the fields every result has, as a no-hook event has them. */
const passThrough = (template: HookResult): Mutable<HookResult> =>
  new ResultRecord(template.event, false, false, false, template.warnings, template.hooks, true, 0);

// One builder per kind of pass-through: named stores (a computed key made this keyed store megamorphic), frozen
// like every result.
const withToolInput = (template: HookResult, fields: Readonly<Record<string, unknown>>): HookResult => {
  const result = passThrough(template);
  result.toolInput = fields.tool_input as HookResult['toolInput'];
  return Object.freeze(result);
};
const withLlmRequest = (template: HookResult, fields: Readonly<Record<string, unknown>>): HookResult => {
  const result = passThrough(template);
  result.llmRequest = fields.llm_request as HookResult['llmRequest'];
  return Object.freeze(result);
};
const withLlmResponse = (template: HookResult, fields: Readonly<Record<string, unknown>>): HookResult => {
  const result = passThrough(template);
  result.llmResponse = fields.llm_response as HookResult['llmResponse'];
  return Object.freeze(result);
};

/** The result of `event` when no hook runs; `fields` supplies what passes through unchanged. */
export const fastPathResult = (event: EventName, fields: Readonly<Record<string, unknown>>): HookResult => {
  const template = TEMPLATES.get(event) as HookResult;
  switch (event) {
    case 'BeforeTool':
    case 'PermissionRequest':
      return withToolInput(template, fields);
    case 'BeforeModel':
      return withLlmRequest(template, fields);
    case 'AfterModel':
      return withLlmResponse(template, fields);
    default:
      return template;
  }
};

/**
 * `fastPathResult` for one event, the event's template and builder looked up once: for callers that answer
 * many events of one kind (the facade's `decide`).
 */
export const fastPathFor = (event: EventName): ((fields: Readonly<Record<string, unknown>>) => HookResult) => {
  const template = TEMPLATES.get(event) as HookResult;
  switch (event) {
    case 'BeforeTool':
    case 'PermissionRequest':
      return (fields) => withToolInput(template, fields);
    case 'BeforeModel':
      return (fields) => withLlmRequest(template, fields);
    case 'AfterModel':
      return (fields) => withLlmResponse(template, fields);
    default:
      return () => template;
  }
};
