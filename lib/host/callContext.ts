/**
 * Per-call context: the ids a framework has for one call (its thread or run id as the session, a transcript)
 * become the base fields of the hooks' input for that call only, so one hook system can serve many sessions.
 */

/** What a wrapper call may say about where it happens; absent fields keep the hook system's own. */
export interface HookCallContext {
  /** `session_id` of this call's hook inputs (e.g. a LangGraph thread id, an Agents SDK group id). */
  sessionId?: string;
  /** `transcript_path` of this call's hook inputs. */
  transcriptPath?: string;
  /** `cwd` of this call's hook inputs. */
  cwd?: string;
}

/**
 * `fields` with the context's base fields added (the engine lets fields override the system's base values).
 * Without a context the host's own object is returned: no copy on the common path.
 */
export function withCallContext(
  fields: Record<string, unknown>,
  context: HookCallContext | undefined,
): Record<string, unknown> {
  if (context === undefined) return fields;
  const { sessionId, transcriptPath, cwd } = context;
  if (sessionId === undefined && transcriptPath === undefined && cwd === undefined) return fields;
  const out = Object.assign({}, fields);
  if (sessionId !== undefined) out.session_id = sessionId;
  if (transcriptPath !== undefined) out.transcript_path = transcriptPath;
  if (cwd !== undefined) out.cwd = cwd;
  return out;
}
