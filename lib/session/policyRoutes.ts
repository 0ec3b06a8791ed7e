/**
 * Which registered policies a step reaches: those whose scope holds the step's kind, event and tool, with every
 * policy without a scope. Worked out once per kind, event and tool name and kept, so a step visits only the
 * policies that can react to it and a rule that cannot match costs nothing.
 */
import type { PolicyDefinition } from './policyInstance.js';
import { inScope } from './rules/ruleScope.js';
import type { SessionStep } from './types.js';

/** Tool names remembered per event: host-given names are unbounded; past this the event's routes are recomputed. */
const TOOLS_PER_EVENT = 256;

interface EventRoutes {
  /** Steps without a tool. */
  none?: readonly number[];
  readonly byTool: Map<string, readonly number[]>;
}

export interface PolicyRoutes {
  /** Indices of `definitions` (ascending: registration order) a step of this kind, event and tool reaches. */
  of(kind: SessionStep['kind'], event: string, tool: string | undefined): readonly number[];
  /** Forgets every route: the definitions changed. */
  reset(): void;
}

export const createPolicyRoutes = (definitions: readonly PolicyDefinition[]): PolicyRoutes => {
  let calls = new Map<string, EventRoutes>();
  let outcomes = new Map<string, EventRoutes>();

  const compute = (kind: SessionStep['kind'], event: string, tool: string | undefined): readonly number[] => {
    const route: number[] = [];
    for (let i = 0; i < definitions.length; i++) {
      const scope = (definitions[i] as PolicyDefinition).scope;
      if (scope === undefined || inScope(scope, kind, event, tool)) route.push(i);
    }
    return route;
  };

  // The last route asked for, per kind: a run of events asks for the same ones, cheaper to compare than to look up.
  interface Last {
    event: string | undefined;
    tool: string | undefined;
    route: readonly number[];
  }
  const lastCall: Last = { event: undefined, tool: undefined, route: [] };
  const lastOutcome: Last = { event: undefined, tool: undefined, route: [] };

  const lookUp = (kind: SessionStep['kind'], event: string, tool: string | undefined): readonly number[] => {
    const byEvent = kind === 'call' ? calls : outcomes;
    let routes = byEvent.get(event);
    if (routes === undefined) {
      routes = { byTool: new Map() };
      byEvent.set(event, routes);
    }
    if (tool === undefined) return (routes.none ??= compute(kind, event, undefined));
    let route = routes.byTool.get(tool);
    if (route === undefined) {
      if (routes.byTool.size >= TOOLS_PER_EVENT) routes.byTool.clear();
      route = compute(kind, event, tool);
      routes.byTool.set(tool, route);
    }
    return route;
  };

  return {
    of: (kind, event, tool) => {
      const last = kind === 'call' ? lastCall : lastOutcome;
      if (event !== last.event || tool !== last.tool) {
        last.route = lookUp(kind, event, tool);
        last.event = event;
        last.tool = tool;
      }
      return last.route;
    },
    reset: () => {
      calls = new Map();
      outcomes = new Map();
      lastCall.event = undefined;
      lastOutcome.event = undefined;
    },
  };
};
