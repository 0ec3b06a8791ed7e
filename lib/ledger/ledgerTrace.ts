/**
 * The ledger as a watcher of the engine's trace: `planned` keeps the plan and what the planner left out,
 * `decided` writes the event's record, `answered` writes the record of an event no hook ran for (none matched,
 * every condition failed, or hooks are switched off). It is joined to the facade's trace only when a ledger is
 * configured, so a hook system without one calls nothing more per event.
 */
import type { KeyObject } from 'node:crypto';
import type { Engine } from '../engine/decideEvent.js';
import type { EventName } from '../events/names.js';
import { errorText } from '../core/guards.js';
import type { Logger } from '../logging/logger.js';
import type { HookPlan, HookResult } from '../model/types.js';
import type { HookPlanner } from '../plan/planner.js';
import type { PlanExplanation } from '../plan/planSkips.js';
import { compileRedactPaths } from '../observe/recording.js';
import { MIN_REPEATED_SECRET_LENGTH, redactAt, redactStrings, valuesAt, type PathSegment } from '../observe/redact.js';
import type { TrustGate } from '../trust/trustGate.js';
import { canonicalJson } from './canonicalJson.js';
import { digestOf, recode } from './ledgerFormat.js';
import {
  definitionFingerprint,
  ledgerDecision,
  ledgerEventBody,
  ledgerGuards,
  type GuardIdentity,
  type LedgerEventBody,
} from './ledgerRecord.js';
import { openLedgerWriter } from './ledgerWriter.js';

type EngineTrace = NonNullable<Engine['trace']>;

/** The `ledger` option of `createHookSystem`. */
export interface LedgerOptions {
  /** The ledger file: created 0600 when missing (never through a link), else appended to. */
  path: string;
  /** An Ed25519 private key (KeyObject or PEM text): checkpoints are signed, so a re-hashed record is caught. */
  key?: KeyObject | string;
  /** Records between checkpoints; each checkpoint is synced to disk (default 256). */
  checkpointEvery?: number;
  /** Record the event's input itself beside its digest, redacted as recordings are (default: the digest only). */
  input?: boolean;
  /** JSON paths into the event's fields whose values are never written (as the `record` option's `redact`). */
  redact?: readonly string[];
}

/** What the ledger reads of the hook system, per event (a reload swaps the planner). */
export interface LedgerContext {
  readonly planning: {
    readonly planner: HookPlanner;
    readonly enabled: boolean;
    readonly disabledBy?: string | undefined;
  };
  readonly trust: TrustGate | undefined;
  readonly session: string;
  readonly now: () => number;
  readonly logger: Logger;
  /** The directory no link may lead out of on the way to the file (default: the file's own directory). */
  readonly root?: string | undefined;
}

export interface Ledger {
  readonly trace: EngineTrace;
  close(): void;
}

interface Started {
  readonly at: number;
  readonly plan: HookPlan;
  readonly fields: Readonly<Record<string, unknown>>;
  readonly explanation: PlanExplanation;
}

const EMPTY_PLAN = (event: EventName): HookPlan => ({ event, hooks: [], sequential: false, background: undefined });

/**
 * The identity of a hook: trust's fingerprint when trust pins it (trust writes it in hex; the ledger in base64url),
 * else its definition's.
 */
const identityOf = (trust: TrustGate | undefined): GuardIdentity => {
  const pinned = new WeakMap<object, string>();
  return (entry) => {
    if (trust !== undefined && trust.needsApproval(entry)) {
      let fingerprint = pinned.get(entry);
      if (fingerprint === undefined) {
        const pinnedPrint = trust.inspect(entry).fingerprint;
        fingerprint =
          pinnedPrint === undefined ? definitionFingerprint(entry) : recode(pinnedPrint, 'hex', 'base64url');
        pinned.set(entry, fingerprint);
      }
      return { fingerprint, pin: 'trust' };
    }
    return { fingerprint: definitionFingerprint(entry), pin: 'definition' };
  };
};

/** The input part of a record: the digest, and the redacted input when asked; `known` gets the redacted values. */
const inputPart = (
  fields: Readonly<Record<string, unknown>>,
  paths: readonly PathSegment[][] | undefined,
  known: string[],
): LedgerEventBody['input'] => {
  const input: LedgerEventBody['input'] = { sha256: digestOf(canonicalJson(fields)) };
  if (paths === undefined) return input;
  let value: unknown = fields;
  for (const path of paths) {
    valuesAt(value, path, known);
    value = redactAt(value, path);
  }
  const repeated = known
    .filter((text) => text.length >= MIN_REPEATED_SECRET_LENGTH)
    .sort((a, b) => b.length - a.length);
  input.value = redactStrings(value, repeated);
  return input;
};

/**
 * Opens the ledger `options` names and returns its trace watcher.
 *
 * @throws LedgerError when the file or key cannot be used; RecordingError for a bad redact path.
 */
export const createLedger = (options: LedgerOptions, context: LedgerContext): Ledger => {
  const paths = options.input === true ? compileRedactPaths(options.redact) : undefined;
  const writer = openLedgerWriter({
    path: options.path,
    root: context.root,
    key: options.key,
    checkpointEvery: options.checkpointEvery,
    session: context.session,
    now: context.now,
    logger: context.logger,
  });
  const identity = identityOf(context.trust);
  const started = new Map<number, Started>();
  const fail = (event: EventName, error: unknown): void => {
    context.logger.error(`ledger: the record of ${event} could not be written: ${errorText(error)}`);
  };
  const write = (
    at: number,
    fields: Readonly<Record<string, unknown>>,
    result: HookResult,
    plan: HookPlan | undefined,
    explanation: PlanExplanation,
    off: string | undefined,
    eventId: number | undefined,
  ): void => {
    const known: string[] = [];
    const input = inputPart(fields, paths, known);
    const guards = ledgerGuards(plan, result, explanation, identity, off);
    const body = ledgerEventBody(
      at,
      context.session,
      result.event,
      input,
      ledgerDecision(result, known),
      guards,
      eventId,
    );
    writer.append(body as unknown as Record<string, unknown>);
  };
  const trace: EngineTrace = {
    planned: (eventId, plan, fields) => {
      try {
        const explanation = context.planning.planner.explain(plan.event, fields, plan);
        started.set(eventId, { at: context.now(), plan, fields, explanation });
      } catch (error) {
        fail(plan.event, error);
      }
    },
    decided: (eventId, result) => {
      const start = started.get(eventId);
      if (start === undefined) return;
      started.delete(eventId);
      try {
        write(start.at, start.fields, result, start.plan, start.explanation, undefined, eventId);
      } catch (error) {
        fail(result.event, error);
      }
    },
    canceled: (eventId) => {
      started.delete(eventId);
    },
    answered: (event, fields, result) => {
      try {
        const { planning } = context;
        const off = planning.enabled ? undefined : (planning.disabledBy ?? 'hooks are switched off');
        // No plan ran: every matched hook left out had its condition fail (or hooks are off altogether).
        const explanation = planning.planner.explain(event, fields, off === undefined ? EMPTY_PLAN(event) : undefined);
        write(context.now(), fields, result, undefined, explanation, off, undefined);
      } catch (error) {
        fail(event, error);
      }
    },
  };
  return {
    trace,
    close: () => {
      started.clear();
      writer.close();
    },
  };
};

/** `trace` with the ledger watching too; `answered` always set, since every event gets a record. */
export const withLedger = (trace: EngineTrace, ledger: Ledger): EngineTrace => ({
  planned: (eventId, plan, fields) => {
    trace.planned(eventId, plan, fields);
    ledger.trace.planned(eventId, plan, fields);
  },
  decided: (eventId, result) => {
    trace.decided(eventId, result);
    ledger.trace.decided(eventId, result);
  },
  canceled: (eventId) => {
    trace.canceled?.(eventId);
    ledger.trace.canceled?.(eventId);
  },
  answered: (event, fields, result) => {
    trace.answered?.(event, fields, result);
    ledger.trace.answered?.(event, fields, result);
  },
});
