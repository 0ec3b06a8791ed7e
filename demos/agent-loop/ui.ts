/**
 * The demo's narration: one line per thing a person should notice, coloured on a TTY, a spinner while
 * hooks run (TTY only), a dim line per finished hook, and the closing summary table.
 */
import { styleText } from 'node:util';
import type { HookActivity, HookSystem, HookResult } from '../../lib/index.js';

type Style = Parameters<typeof styleText>[0];

export interface Stats {
  events: Map<string, number>;
  hooksRun: number;
  blocked: number;
  modified: number;
  warnings: number;
  hookMs: number;
}

const MODIFYING_KEYS = ['tool_input', 'llm_request', 'llm_response', 'toolConfig', 'additionalContext'];

/** Whether any hook of the result changed what flows on (arguments, request, response, tools, context). */
export const isModified = (result: HookResult): boolean =>
  result.hooks.some((run) =>
    Object.keys(run.output?.hookSpecificOutput ?? {}).some((key) => MODIFYING_KEYS.includes(key)),
  );

export const createUi = (out: NodeJS.WriteStream, color: boolean) => {
  const paint = (style: Style, text: string): string => (color ? styleText(style, text) : text);
  const spinner = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
  const running = new Map<string, number>();
  let frame = 0;
  let timer: NodeJS.Timeout | undefined;
  const clearSpinner = (): void => {
    if (color) out.write('\r\x1b[2K');
  };
  const drawSpinner = (): void => {
    if (!color || running.size === 0) return;
    frame = (frame + 1) % spinner.length;
    out.write(
      `\r\x1b[2K${paint('cyan', spinner[frame] ?? '')} ${paint('dim', `running ${[...running.keys()].join(', ')}…`)}`,
    );
  };
  const line = (text: string): void => {
    clearSpinner();
    out.write(`${text}\n`);
    drawSpinner();
  };
  const stats: Stats = { events: new Map(), hooksRun: 0, blocked: 0, modified: 0, warnings: 0, hookMs: 0 };

  return {
    stats,
    paint,
    heading: (text: string) => {
      line(`\n${paint(['bold', 'underline'], text)}`);
    },
    say: (who: string, text: string) => {
      line(`${paint('bold', who.padEnd(6))} ${text}`);
    },
    event: (name: string, detail = '') => {
      line(`${paint('magenta', `▸ ${name}`)}${detail ? ` ${paint('dim', detail)}` : ''}`);
    },
    blocked: (text: string) => {
      line(`  ${paint('red', '⛔ blocked')} ${text}`);
    },
    modified: (text: string) => {
      line(`  ${paint('yellow', '✎ modified')} ${text}`);
    },
    context: (text: string) => {
      line(`  ${paint('cyan', '📎 context')} ${text}`);
    },
    restricted: (text: string) => {
      line(`  ${paint('yellow', '🔒 restricted')} ${text}`);
    },
    redacted: (text: string) => {
      line(`  ${paint('yellow', '✂ redacted')} ${text}`);
    },
    warning: (text: string) => {
      line(`  ${paint('yellow', '⚠ warning')} ${text}`);
    },
    stopped: (text: string) => {
      line(`  ${paint('red', '■ stopped')} ${text}`);
    },
    forced: (text: string) => {
      line(`  ${paint('yellow', '↻ one more turn')} ${text}`);
    },
    info: (text: string) => {
      line(`  ${paint('dim', text)}`);
    },
    ok: (text: string) => {
      line(`  ${paint('green', '✔')} ${text}`);
    },

    /** Follows every hook run: spinner while running, a dim line when each finishes. */
    follow: (hooks: HookSystem) =>
      hooks.results$.subscribe((record: HookActivity) => {
        if (record.type === 'start') {
          running.set(record.hook, (running.get(record.hook) ?? 0) + 1);
          if (color && timer === undefined) timer = setInterval(drawSpinner, 80);
          drawSpinner();
          return;
        }
        const left = (running.get(record.hook) ?? 1) - 1;
        if (left <= 0) running.delete(record.hook);
        else running.set(record.hook, left);
        if (running.size === 0 && timer !== undefined) {
          clearInterval(timer);
          timer = undefined;
        }
        stats.hooksRun += 1;
        stats.hookMs += record.run.durationMs;
        const outcome = record.run.outcome;
        const tint: Style = outcome === 'success' ? 'green' : outcome === 'blocked' ? 'red' : 'yellow';
        line(
          `    ${paint('dim', '·')} ${paint('dim', `${record.event} hook`)} ${record.hook} ${paint(tint, outcome)} ${paint('dim', `${record.run.durationMs} ms`)}`,
        );
      }),
    trusted: (text: string) => {
      line(`  ${paint('cyan', '🔐 trusted')} ${text}`);
    },

    /** Counts one fired event and its decision for the summary. */
    count: (result: HookResult) => {
      stats.events.set(result.event, (stats.events.get(result.event) ?? 0) + 1);
      if (result.blocked) stats.blocked += 1;
      if (isModified(result)) stats.modified += 1;
      stats.warnings += result.warnings.length;
    },

    summary: (wallMs: number) => {
      const rows: [string, string][] = [
        ...[...stats.events].map(([event, n]): [string, string] => [`${event} events`, String(n)]),
        ['hooks run', String(stats.hooksRun)],
        ['decisions blocked', String(stats.blocked)],
        ['decisions that modified data', String(stats.modified)],
        ['hook warnings (failed open)', String(stats.warnings)],
        ['time in hooks', `${stats.hookMs} ms (sum over hooks)`],
        ['session wall time', `${wallMs} ms`],
      ];
      const width = Math.max(...rows.map(([k]) => k.length));
      line(`\n${paint(['bold', 'underline'], 'Summary')}`);
      for (const [key, value] of rows) line(`  ${key.padEnd(width)}  ${paint('bold', value)}`);
    },

    close: () => {
      if (timer !== undefined) clearInterval(timer);
      clearSpinner();
    },
  };
};

export type Ui = ReturnType<typeof createUi>;
