/**
 * The no-hook fast path: the HookResult of an event that runs no hook, built without decoding,
 * translating, planning or subscribing. One frozen template per event; only events that hand data
 * back to the host (BeforeTool's arguments, BeforeModel's request, AfterModel's response) copy it.
 */
import { emptyHookResult } from '../aggregate/hookResult.js';
import { EVENT_NAMES, type EventName } from '../events/names.js';
import type { HookResult } from '../types.js';

const deepFreeze = <T extends object>(value: T): T => {
  for (const child of Object.values(value)) if (typeof child === 'object' && child !== null) deepFreeze(child as object);
  return Object.freeze(value);
};

const TEMPLATES = new Map<EventName, HookResult>(
  EVENT_NAMES.map((event) => [event, deepFreeze(emptyHookResult(event, {}))]),
);

/** The result of `event` when no hook runs; `fields` supplies what passes through unchanged. */
export const fastPathResult = (event: EventName, fields: Readonly<Record<string, unknown>>): HookResult => {
  const template = TEMPLATES.get(event) as HookResult;
  switch (event) {
    case 'BeforeTool':
      return { ...template, toolInput: fields.tool_input as Record<string, unknown> };
    case 'BeforeModel':
      return { ...template, llmRequest: fields.llm_request as HookResult['llmRequest'] };
    case 'AfterModel':
      return { ...template, llmResponse: fields.llm_response as HookResult['llmResponse'] };
    default:
      return template;
  }
};
