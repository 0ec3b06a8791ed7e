/** The SDK-independent part of applying a tool restriction (a BeforeToolSelection decision). */
import type { ToolMode } from '../events/inputs.js';
import type { ToolSelection } from './translator.js';

export interface EffectiveSelection {
  mode: ToolMode;
  /** The declared tools that stay offered, in declaration order; absent: all of them. */
  kept?: string[];
}

/**
 * What a selection means for a request declaring `declared` tools. NONE ignores the names; an allow-list is
 * intersected with the declared names, and one that matches no declared tool means NONE (nothing may be called).
 */
export function effectiveSelection(declared: readonly string[], selection: ToolSelection): EffectiveSelection {
  const allowed = new Set(selection.allowedFunctionNames);
  if (selection.mode === 'NONE' || allowed.size === 0) return { mode: selection.mode };
  const kept = [...new Set(declared.filter((name) => allowed.has(name)))];
  return kept.length === 0 ? { mode: 'NONE' } : { mode: selection.mode, kept };
}
