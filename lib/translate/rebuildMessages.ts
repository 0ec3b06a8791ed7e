/**
 * Turns an edited list of stable messages back into SDK messages: untouched messages come back as the very same
 * SDK objects, edited ones keep their non-text parts, new ones are text only, missing ones are deleted.
 */
import type { HookMessage } from '../events/inputs.js';
import { alignMessages } from './alignMessages.js';
import { canonicalRole, messageTexts, rebuildTextParts } from './stableFormat.js';

export interface MessageCodec<M> {
  /** The SDK message behind stable message `j` of the original; undefined for a system slot outside the list. */
  source(j: number): M | undefined;
  /** The SDK message for an edited message (called only when its role, content or name changed). */
  edit(source: M, message: HookMessage, before: HookMessage): M;
  /** The SDK message for a new message: text only. */
  create(message: HookMessage): M;
}

/** A system message bound for an SDK's separate system slot. */
export interface SystemEntry {
  message: HookMessage;
  /** It stands for the original system slot. */
  original: boolean;
  changed: boolean;
}

export const messageChanged = (message: HookMessage, before: HookMessage): boolean =>
  canonicalRole(message.role) !== canonicalRole(before.role) ||
  message.content !== before.content ||
  message.name !== before.name;

/**
 * With `splitSystem` (SDKs with a separate system slot) system-role messages are collected in `system`, in order;
 * a message moved out of or into the system slot keeps its text only.
 */
export function rebuildMessages<M>(
  derived: readonly HookMessage[],
  edited: readonly HookMessage[],
  codec: MessageCodec<M>,
  splitSystem: boolean,
): { messages: M[]; system: SystemEntry[] } {
  const matches = alignMessages(derived, edited);
  const messages: M[] = [];
  const system: SystemEntry[] = [];
  edited.forEach((message, i) => {
    const j = matches[i];
    const before = j === undefined ? undefined : derived[j];
    const source = j === undefined ? undefined : codec.source(j);
    if (splitSystem && canonicalRole(message.role) === 'system') {
      const original = before !== undefined && source === undefined;
      system.push({ message, original, changed: original && message.content !== before.content });
    } else if (source === undefined || before === undefined) {
      messages.push(codec.create(message));
    } else {
      messages.push(messageChanged(message, before) ? codec.edit(source, message, before) : source);
    }
  });
  return { messages, system };
}

/**
 * The system slot after edits: undefined when no system message is left; the original when only it is left,
 * unchanged; a string (messages joined by a blank line) when the original was a string or absent; otherwise the
 * original parts (edited) and a text part per new message, in order.
 */
export function rebuildSystem<P extends object>(
  entries: readonly SystemEntry[],
  original: string | readonly P[] | undefined,
  isText: (part: P) => boolean,
  freshText: (text: string) => P,
): string | readonly P[] | undefined {
  const [first] = entries;
  if (first === undefined) return undefined;
  if (entries.length === 1 && first.original && !first.changed) return original;
  if (original === undefined || typeof original === 'string') return entries.map((e) => e.message.content).join('\n\n');
  return entries.flatMap((entry) => {
    if (!entry.original) return [freshText(entry.message.content)];
    if (!entry.changed) return original;
    const hasOther = original.some((part) => !isText(part));
    return rebuildTextParts(original, messageTexts(entry.message.content, hasOther), isText, freshText);
  });
}
