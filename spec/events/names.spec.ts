import { describe, expect, it } from 'vitest';
import {
  ACCEPTED_EVENT_NAMES,
  EVENT_NAMES,
  aliasesOf,
  canonicalEventName,
  isEventName,
} from '../../lib/events/names.js';

describe('event names', () => {
  it('maps every canonical name to itself', () => {
    for (const name of EVENT_NAMES) expect(canonicalEventName(name)).toBe(name);
  });

  it.each([
    ['PreToolUse', 'BeforeTool'],
    ['PostToolUse', 'AfterTool'],
    ['UserPromptSubmit', 'BeforeAgent'],
    ['Stop', 'AfterAgent'],
    ['PreCompact', 'PreCompress'],
    ['PostCompact', 'PostCompress'],
    ['before_tool', 'BeforeTool'],
    ['before_tool_selection', 'BeforeToolSelection'],
    ['session_start', 'SessionStart'],
    ['pre_tool_use', 'BeforeTool'],
    ['notification', 'Notification'],
  ])('maps the alias %s to %s', (alias, canonical) => {
    expect(canonicalEventName(alias)).toBe(canonical);
  });

  it('knows no event by an unknown or prototype name', () => {
    for (const name of ['Bogus', 'beforetool', 'constructor', 'toString', '__proto__', '']) {
      expect(canonicalEventName(name)).toBeUndefined();
    }
    expect(isEventName('PreToolUse')).toBe(false);
  });

  it('lists every accepted name once, and the aliases of an event', () => {
    expect(new Set(ACCEPTED_EVENT_NAMES).size).toBe(ACCEPTED_EVENT_NAMES.length);
    expect(aliasesOf('BeforeTool').sort()).toEqual(['PreToolUse', 'before_tool', 'pre_tool_use']);
  });
});
