/**
 * Effect records: what a tool call does — reads, writes, deletes, executes, egress, installs, vcs, changes,
 * unknown — for shell commands, file tools, patches and MCP calls.
 */
export { EFFECT_CLASSES, effectText, parseEffect, PATH_CLASSES, toolEffectsOf } from './types.js';
export type { Effect, EffectClass, EffectRecord, McpEffectMap, ToolEffects } from './types.js';
export { toolEffects, recordOf, type ToolEffectOptions } from './toolEffects.js';
export { shellEffects, argvEffects } from './shellEffects.js';
export { patchEffects } from './patchEffects.js';
export { EffectSink } from './sink.js';
