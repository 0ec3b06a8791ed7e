/**
 * The Claude Code events with no seed event to map onto. They are
 * canonical events now, under Claude's own names: lib/events lists them (`CLAUDE_EVENT_NAMES`), decodes their
 * input (codecs.ts, fieldGuards.ts), gives their match targets (`MATCH_TARGET`) and says which of them cannot
 * block (`ADVISORY_EVENTS`); lib/aggregate folds their outputs. This module keeps the names the dialect tables
 * were first written against, so `CanonicalEventName` (types.ts) reads the same for every dialect table.
 */
import { CLAUDE_EVENT_NAMES, type ClaudeEventName } from '../events/names.js';

/** The Claude Code events hookstream added to the seed events. */
export const PROPOSED_EVENT_NAMES: readonly ClaudeEventName[] = CLAUDE_EVENT_NAMES;

export type ProposedEventName = ClaudeEventName;
