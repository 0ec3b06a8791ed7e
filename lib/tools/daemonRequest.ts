/**
 * What the session daemon decides on: one hook invocation, from the thin client's socket line or an http hook.
 * Imported by the thin client too: no imports here.
 */

/** The agents' project variables: the client forwards these, the daemon reads the project from the first set. */
export const PROJECT_VARIABLES: readonly string[] = ['CLAUDE_PROJECT_DIR', 'GEMINI_PROJECT_DIR', 'CURSOR_PROJECT_DIR'];

export interface DaemonRequest {
  readonly agent: string;
  /** The agent's own name for the event (from the installed command line). */
  readonly event: string;
  /** The client's working directory: the project when the payload names none. */
  readonly cwd: string;
  /** The agent's project variables (`CLAUDE_PROJECT_DIR` …), when set. */
  readonly env: Readonly<Record<string, string>>;
  /** The agent's payload, as it wrote it to the hook's stdin. */
  readonly stdin: string;
}
