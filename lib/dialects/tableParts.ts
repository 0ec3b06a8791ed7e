/**
 * Pieces several agents' tables hold in common, written once: the event constructor each table builds its
 * events with (an agent's usual traits, then what one event changes), the output field most agents add model
 * context through, and the settings parts that are the same data in more than one agent's file format.
 */
import type { DialectEvent, EnableSwitch, Enablement, KeyTable } from './types.js';

/** What one event of a table sets beyond its names. */
export type EventTraits = Partial<Omit<DialectEvent, 'native' | 'canonical'>>;

/** What most events of one agent share; each event overrides what differs. */
export type UsualTraits = Pick<DialectEvent, 'matcher' | 'outputs' | 'exit2' | 'plainStdout'> & EventTraits;

/**
 * The event constructor of one agent's table, so the table lists only where an event differs.
 *
 * @example
 * const event = eventMaker({ matcher: 'regex', outputs: [], exit2: 'block', plainStdout: 'ignored' });
 * event('preToolUse', 'BeforeTool', { matchTarget: 'tool_name' });
 */
export const eventMaker =
  (usual: UsualTraits) =>
  (native: string, canonical: DialectEvent['canonical'], traits: EventTraits): DialectEvent => ({
    native,
    canonical,
    ...usual,
    ...traits,
  });

/** Claude Code's context field, which Gemini, Cursor and Copilot hooks are read into too. */
export const CONTEXT = 'hookSpecificOutput.additionalContext';

/** The tool call's id under Claude's name (`tool_use_id`), as Claude, Codex and Cursor payloads carry it. */
export const TOOL_USE_ID_RENAME: Readonly<Record<string, string>> = { tool_call_id: 'tool_use_id' };

/** A hook group of Claude Code's shape (`matcher`, `hooks`), an unknown key in it warned about. */
export const MATCHER_GROUP_KEYS: KeyTable = { acted: ['matcher', 'hooks', 'effects'], quiet: [], unknown: 'warn' };

/** On with no switch, `switches` turning hooks off as far as the scope rule lets them reach. */
export const enabledUnlessSwitched = (...switches: EnableSwitch[]): Enablement => ({
  default: true,
  switches,
});
