/**
 * The human summary of one fired event: the verdict, the fields a host would act on, warnings, and one
 * table row per hook. `--json` bypasses this and prints the HookResult itself.
 */
import type { HookOutcome, HookResult, HookRun } from '../model/types.js';
import { clip, field, formatTable, hookLabel, type Paint } from './style.js';

const LABEL_WIDTH = 18;

const json = (value: unknown): string => JSON.stringify(value) ?? 'undefined';

const changed = (before: unknown, after: unknown): boolean => after !== undefined && json(before) !== json(after);

const verdict = (result: HookResult, paint: Paint): string => {
  if (result.blocked && result.stopped) return paint.red('blocked and stopped');
  if (result.blocked) return paint.red('blocked');
  if (result.stopped) return paint.red('stopped');
  if (result.decision === 'ask') return paint.yellow('ask');
  if (result.decision === 'defer') return paint.yellow('defer');
  return paint.green(result.hooks.length === 0 ? 'allowed (no hook ran)' : 'allowed');
};

const OUTCOME_COLOUR: Record<HookOutcome, keyof Paint> = {
  success: 'green',
  blocked: 'red',
  warning: 'yellow',
  timeout: 'yellow',
  failed: 'yellow',
  canceled: 'dim',
  untrusted: 'dim',
  skipped: 'dim',
};

const exitOf = (run: HookRun): string => run.signal ?? (run.exitCode === undefined ? '-' : String(run.exitCode));

/** The fields worth a line: only those that are set, or that the hooks changed. */
const fieldLines = (result: HookResult, fields: Readonly<Record<string, unknown>>, paint: Paint): string[] => {
  const rows: [string, string | undefined][] = [
    ['decision', result.decision],
    ['reason', result.reason],
    ['stop reason', result.stopped ? (result.stopReason ?? '(none given)') : undefined],
    ['system message', result.systemMessage],
    ['additional context', result.additionalContext],
    ['suppress output', result.suppressOutput ? 'yes' : undefined],
    [
      'tool input',
      changed(fields['tool_input'], result.toolInput) ? `${json(result.toolInput)} (modified)` : undefined,
    ],
    ['model request', changed(fields['llm_request'], result.llmRequest) ? 'modified (see --json)' : undefined],
    ['model response', changed(fields['llm_response'], result.llmResponse) ? 'replaced (see --json)' : undefined],
    ['tool config', result.toolConfig ? json(result.toolConfig) : undefined],
  ];
  return rows.flatMap(([label, value]) => (value === undefined ? [] : [field(label, value, LABEL_WIDTH, paint)]));
};

/**
 * Lines describing `result`.
 *
 * @param fields The event's own fields as fired, to tell which values the hooks modified.
 */
export const formatFireResult = (
  result: HookResult,
  fields: Readonly<Record<string, unknown>>,
  paint: Paint,
): string[] => {
  const lines = [`${paint.bold(result.event)}: ${verdict(result, paint)}`, ...fieldLines(result, fields, paint)];
  if (result.warnings.length > 0) {
    lines.push(paint.bold('warnings'), ...result.warnings.map((warning) => `  ${paint.yellow('!')} ${warning}`));
  }
  if (result.hooks.length > 0) {
    const rows = result.hooks.map((run) => [
      clip(hookLabel(run.name, run.command)),
      run.source,
      paint[OUTCOME_COLOUR[run.outcome]](run.outcome),
      exitOf(run),
      `${run.durationMs} ms`,
    ]);
    lines.push(
      paint.bold(`hooks (${result.hooks.length}, ${result.durationMs} ms)`),
      ...formatTable(['NAME', 'SOURCE', 'OUTCOME', 'EXIT', 'DURATION'], rows, paint),
    );
  }
  return lines;
};
