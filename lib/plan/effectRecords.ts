/**
 * A call's effect record, read once per event: the effect matchers tested in one planning pass share it (a
 * shell command is read once however many groups match on effects), and a hook that one of them let run is
 * given that same record as `tool_effects`. Records are held by the call's `tool_input` object — the one object
 * both the host's fields and the input built from them hold — so a hook whose input a chain rewrote (a new
 * `tool_input`) gets the effects of the call it is asked about.
 *
 * A record is reused only from the latest planning pass: a host may fire a second event with the same
 * `tool_input` object changed in place, and a guard must never be skipped on, nor told, the effects of a
 * command the event no longer holds.
 */
import {
  toolEffects,
  toolEffectsOf,
  type EffectRecord,
  type McpEffectMap,
  type ToolEffects,
} from '../effects/index.js';

interface Held {
  readonly toolName: string;
  readonly mcp: McpEffectMap | undefined;
  readonly record: EffectRecord;
  /** The pass that read it; -1 when read outside one (never reused). */
  readonly pass: number;
  /** Its `tool_effects`, made when a hook first needs it. */
  view?: ToolEffects;
}

const held = new WeakMap<object, Held>();
/** The latest planning pass, and whether it is still open. */
let pass = 0;
let open = false;

/**
 * Opens a planning pass, unless one is open: until `endEffectPass`, matchers testing one `tool_input` object
 * share one record. The planner opens one when it tests an event's conditions, and closes it in a `finally`.
 */
export const beginEffectPass = (): void => {
  if (open) return;
  pass++;
  open = true;
};

export const endEffectPass = (): void => {
  open = false;
};

/** The record of the latest pass for this call, if that pass read it. */
const latest = (toolName: string, toolInput: object, mcp: McpEffectMap | undefined): Held | undefined => {
  const known = held.get(toolInput);
  return known?.pass === pass && known.toolName === toolName && known.mcp === mcp ? known : undefined;
};

const read = (toolName: string, toolInput: object, mcp: McpEffectMap | undefined): Held => {
  const record = toolEffects(
    toolName,
    toolInput as Readonly<Record<string, unknown>>,
    mcp === undefined ? {} : { mcp },
  );
  const fresh: Held = { toolName, mcp, record, pass: open ? pass : -1 };
  held.set(toolInput, fresh);
  return fresh;
};

/** The record an effect matcher tests: the open pass's own when another matcher of the pass read this call. */
export const matchedRecord = (toolName: string, toolInput: object, mcp: McpEffectMap | undefined): EffectRecord =>
  ((open ? latest(toolName, toolInput, mcp) : undefined) ?? read(toolName, toolInput, mcp)).record;

/**
 * The `tool_effects` of a hook about to start: the record its matcher read while the event was planned (the
 * latest pass), else — a chained input, a plan run by hand, another event planned meanwhile — the call read now.
 */
export const heldToolEffects = (toolName: string, toolInput: object, mcp: McpEffectMap | undefined): ToolEffects => {
  const known = latest(toolName, toolInput, mcp) ?? read(toolName, toolInput, mcp);
  return (known.view ??= toolEffectsOf(known.record));
};
