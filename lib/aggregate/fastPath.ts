/**
 * The no-hook fast path: the HookResult of an event that runs no hook, built without decoding,
 * translating, planning or subscribing. One frozen template per event; only events that hand data
 * back to the host (BeforeTool's arguments, BeforeModel's request, AfterModel's response) copy it.
 */
import { emptyHookResult } from './hookResult.js';
import { EVENT_NAMES, type EventName } from '../events/names.js';
import type { HookResult } from '../core/types.js';

const deepFreeze = <T extends object>(value: T): T => {
  for (const child of Object.values(value))
    if (typeof child === 'object' && child !== null) deepFreeze(child as object);
  return Object.freeze(value);
};

const TEMPLATES = new Map<EventName, HookResult>(
  // The spread turns the lazy `aggregated` accessor into a plain data property: copies stay cheap.
  EVENT_NAMES.map((event) => [event, deepFreeze({ ...emptyHookResult(event, {}) })]),
);

/**
 * A template's copy with one pass-through field: a literal of the fields every result has, the field, then
 * `aggregated` last (the order assembled results have); frozen like every result.
 */
const passThrough = (
  template: HookResult,
  field: 'toolInput' | 'llmRequest' | 'llmResponse',
  value: unknown,
): HookResult => {
  const result = {
    event: template.event,
    blocked: false,
    stopped: false,
    suppressOutput: false,
    warnings: template.warnings,
    hooks: template.hooks,
    success: true,
    durationMs: 0,
  } as HookResult;
  (result as unknown as Record<string, unknown>)[field] = value;
  result.aggregated = template.aggregated;
  return Object.freeze(result);
};

/** The result of `event` when no hook runs; `fields` supplies what passes through unchanged. */
export const fastPathResult = (event: EventName, fields: Readonly<Record<string, unknown>>): HookResult => {
  const template = TEMPLATES.get(event) as HookResult;
  switch (event) {
    case 'BeforeTool':
      return passThrough(template, 'toolInput', fields.tool_input);
    case 'BeforeModel':
      return passThrough(template, 'llmRequest', fields.llm_request);
    case 'AfterModel':
      return passThrough(template, 'llmResponse', fields.llm_response);
    default:
      return template;
  }
};
