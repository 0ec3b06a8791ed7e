/**
 * `hookstream explain RECORDING EVENT`: which session policy decided an event of a recording, and from which earlier
 * events. The event's session is replayed log-only up to it (lib/tools/explainEvent.ts) through the policies of
 * `--policies FILE`, else those of the settings the command reads; the event's recorded result is shown beside them.
 */
import type { Command } from 'commander';
import { HookstreamError } from '../core/errors.js';
import type { DecidedOutcome, EventExplanation, ExplainedRef, ExplainedVerdict } from '../tools/explainEvent.js';
import { CliError, printLine, type CliContext } from './context.js';
import { commandPolicies } from './policyOption.js';
import { readRecordingFile } from './replay.js';
import { resolveDialectSettings, withDialectOption, withSharedOptions, type SharedOptions } from './settingsOptions.js';
import { createPaint, type Paint } from './style.js';
import { visible, visibleJson } from './visible.js';

interface ExplainOptions extends SharedOptions {
  policies?: string;
}

/** `line 3, event 1: BeforeTool Bash {"command":"ls"}`. */
const refText = (ref: ExplainedRef): string => `line ${ref.line}, event ${ref.seq}: ${ref.event} ${ref.input}`;

/** `deny: reason; stop: reason (by guard, policy:budget)`, or `no decision`. */
const outcomeText = (outcome: DecidedOutcome): string => {
  const parts: string[] = [];
  if (outcome.decision !== undefined) parts.push(`${outcome.decision}: ${outcome.reason ?? '(no reason)'}`);
  if (outcome.stopped) parts.push(`stop: ${outcome.stopReason ?? '(no reason)'}`);
  const text = parts.length === 0 ? 'no decision' : parts.join('; ');
  return outcome.decidedBy.length === 0 ? text : `${text} (by ${outcome.decidedBy.join(', ')})`;
};

/** The decider first: the policies that decide the event now, else what does. */
const deciderText = (explanation: EventExplanation, paint: Paint): string => {
  const { decidedBy, now, verdicts } = explanation;
  if (decidedBy.length > 0) {
    const deciders = verdicts.filter((verdict) => decidedBy.includes(verdict.policy));
    return paint.bold(
      `decided by ${deciders.map((verdict) => `${verdict.policy} (${verdict.decision ?? 'no verdict'})`).join(', ')}`,
    );
  }
  const hooks = now.decidedBy.length === 0 ? '' : `; the hooks' ${outcomeText(now)} stands`;
  return paint.green(`no policy denied, asked or stopped it${hooks}`);
};

const verdictLines = (verdict: ExplainedVerdict, paint: Paint): string[] => {
  if (verdict.decision === undefined) return [`${verdict.policy}: ${paint.dim('no verdict')}`];
  const context = verdict.context === undefined ? '' : ` (context: ${verdict.context})`;
  return [
    `${verdict.policy}: ${verdict.decision}: ${verdict.reason ?? ''}${context}`,
    ...verdict.because.map((ref) => `  after ${refText(ref)}`),
  ];
};

/** The human report: the event, the decider, the recorded result, then each policy's verdict and its events. */
export const formatExplanation = (explanation: EventExplanation, paint: Paint): string[] => {
  const { event } = explanation;
  const lines = [
    paint.bold(`line ${event.line}: ${event.event} ${event.input}`) +
      paint.dim(` (session ${event.session}, event ${event.seq})`),
    deciderText(explanation, paint),
    `recorded: ${outcomeText(explanation.recorded)}`,
  ];
  if (explanation.verdicts.length === 0) lines.push(paint.dim('no session policy to explain it by'));
  for (const verdict of explanation.verdicts) lines.push(...verdictLines(verdict, paint));
  return lines.map(visible);
};

const explain = async (context: CliContext, file: string, target: string, options: ExplainOptions): Promise<void> => {
  const entries = readRecordingFile(context, file);
  const policies = commandPolicies(context, options.policies, () => resolveDialectSettings(context, options));
  const { explainEvent } = await import('../tools/explainEvent.js');
  let explanation: EventExplanation;
  try {
    explanation = explainEvent(entries, policies.policies, target);
  } catch (error) {
    if (error instanceof HookstreamError) throw new CliError(`${file}: ${error.message}`);
    throw error;
  }
  if (options.json) {
    printLine(context, visibleJson({ policies: policies.names, ...explanation }));
    return;
  }
  for (const line of formatExplanation(explanation, createPaint(context.color))) printLine(context, line);
};

/** Adds the `explain` command to `program`. */
export const defineExplain = (program: Command, context: CliContext): void => {
  withSharedOptions(
    withDialectOption(program.command('explain'))
      .description('show which session policy decided an event of a recording, and from which earlier events')
      .argument('<recording>', 'a JSON-lines recording (the record option, or fire --record)')
      .argument(
        '<event>',
        'the event: its line in the recording (12), #N for event N of the only session, or SESSION#N (quote # in a shell)',
      )
      .option('--policies <file>', 'the session policies of this settings file (default: those of the settings)'),
  )
    .addHelpText(
      'after',
      "\nThe event's session is replayed log-only up to it: the policies see the recorded outcomes, as with replay --policies.\nExit status: 0 when explained, 1 on errors.",
    )
    .action((file: string, target: string, options: ExplainOptions) => explain(context, file, target, options));
};
