import { describe, expectTypeOf, it } from 'vitest';
import type {
  BeforeToolFields,
  EventFields,
  HookInput,
  HookInputOf,
  HookMessage,
  LLMRequest,
  ToolMode,
} from '../../lib/events/inputs.js';
import type { HookDecision } from '../../lib/events/outputs.js';

describe('public input types', () => {
  it('are plain object types, one per event', () => {
    expectTypeOf<EventFields<'BeforeTool'>>().toEqualTypeOf<BeforeToolFields>();
    expectTypeOf<BeforeToolFields>().toEqualTypeOf<{
      tool_name: string;
      tool_input: Record<string, unknown>;
      tool_call_id?: string;
    }>();
    expectTypeOf<ToolMode>().toEqualTypeOf<'AUTO' | 'ANY' | 'NONE'>();
    expectTypeOf<HookDecision>().toEqualTypeOf<'ask' | 'defer' | 'block' | 'deny' | 'approve' | 'allow'>();
  });

  it('stay assignable to a record, as the io-ts-derived types were', () => {
    expectTypeOf<EventFields<'SubagentStop'>>().toExtend<Record<string, unknown>>();
    expectTypeOf<HookInputOf<'AfterModel'>>().toExtend<Record<string, unknown>>();
    expectTypeOf<HookMessage>().toExtend<Record<string, unknown>>();
  });

  it('narrow a hook input by its event name', () => {
    expectTypeOf<HookInputOf<'BeforeTool'>['hook_event_name']>().toEqualTypeOf<'BeforeTool'>();
    expectTypeOf<Extract<HookInput, { hook_event_name: 'BeforeModel' }>['llm_request']>().toEqualTypeOf<LLMRequest>();
    expectTypeOf<LLMRequest['messages']>().toEqualTypeOf<HookMessage[] | undefined>();
  });
});
