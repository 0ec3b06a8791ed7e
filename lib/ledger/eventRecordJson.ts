/**
 * The canonical JSON (RFC 8785) of an event record, written straight from its known shape: the members in the
 * order JCS sorts them, optional ones left out when undefined, strings and numbers by the same rules as
 * `canonicalJson` — which it equals for every event record (a property spec holds them together). It exists for
 * speed: the generic writer sorts the keys of every object and walks every value, about a fifth of an event's
 * ledger cost; only the recorded input itself, whose shape is the host's, goes through it here.
 */
import { canonicalMember, canonicalNumber, canonicalString } from './canonicalJson.js';
import type { Chained } from './ledgerFormat.js';
import type { LedgerDecision, LedgerEventBody, LedgerGuard } from './ledgerRecord.js';

/** An optional member, with the comma before it; nothing when it is undefined. */
const text = (name: string, value: string | undefined): string =>
  value === undefined ? '' : `,"${name}":${canonicalString(value)}`;

const decisionJson = (decision: LedgerDecision): string => {
  // Sorted: blocked, decision, internal, reason.
  let json = `{"blocked":${decision.blocked ? 'true' : 'false'}`;
  json += text('decision', decision.decision);
  if (decision.internal !== undefined) json += `,"internal":${decision.internal ? 'true' : 'false'}`;
  return `${json}${text('reason', decision.reason)}}`;
};

const guardJson = (guard: LedgerGuard): string => {
  // Sorted: by, decision, durationMs, failure, file, fingerprint, name, pin, pointer, required, scope, status.
  let json = '{';
  if (guard.by !== undefined) json += `"by":${canonicalString(guard.by)},`;
  if (guard.decision !== undefined) json += `"decision":${canonicalString(guard.decision)},`;
  if (guard.durationMs !== undefined) json += `"durationMs":${canonicalNumber(guard.durationMs)},`;
  if (guard.failure !== undefined) json += `"failure":${canonicalString(guard.failure)},`;
  if (guard.file !== undefined) json += `"file":${canonicalString(guard.file)},`;
  json += `"fingerprint":${canonicalString(guard.fingerprint)},"name":${canonicalString(guard.name)}`;
  json += `,"pin":${canonicalString(guard.pin)}${text('pointer', guard.pointer)}`;
  json += `,"required":${guard.required ? 'true' : 'false'},"scope":${canonicalString(guard.scope)}`;
  return `${json},"status":${canonicalString(guard.status)}}`;
};

const inputJson = (input: LedgerEventBody['input']): string => {
  // Three levels down: the record, `input`, `value` — where the generic writer would meet it.
  const value = canonicalMember(input.value, 2);
  return `{"sha256":${canonicalString(input.sha256)}${value === undefined ? '' : `,"value":${value}`}}`;
};

/**
 * The RFC 8785 text of a chained event record: `canonicalJson(record)`, faster.
 *
 * @throws CanonicalJsonError as `canonicalJson` does (a lone surrogate, a number JSON cannot hold).
 */
export const eventRecordJson = (record: Readonly<LedgerEventBody & Chained>): string => {
  // Sorted: at, decision, event, eventId, guards, input, prev, seq, session, type.
  let json = `{"at":${canonicalString(record.at)},"decision":${decisionJson(record.decision)}`;
  json += `,"event":${canonicalString(record.event)}`;
  if (record.eventId !== undefined) json += `,"eventId":${canonicalNumber(record.eventId)}`;
  json += ',"guards":[';
  const { guards } = record;
  for (let index = 0; index < guards.length; index++) {
    if (index > 0) json += ',';
    json += guardJson(guards[index] as LedgerGuard);
  }
  json += `],"input":${inputJson(record.input)},"prev":${canonicalString(record.prev)}`;
  json += `,"seq":${canonicalNumber(record.seq)},"session":${canonicalString(record.session)}`;
  return `${json},"type":"event"}`;
};
