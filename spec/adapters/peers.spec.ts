/**
 * Frameworks are optional peers: the root entry loads none of them, and each adapter loads at run time only the
 * framework module it cannot do without (the rest is imported for types, erased by the compiler). Checked on the
 * sources' value imports — what Node would load — following relative imports from each entry point.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const LIB = path.resolve(import.meta.dirname, '../../lib');
const FRAMEWORKS = /^(ai|@ai-sdk\/|@modelcontextprotocol\/|langchain|@langchain\/|@openai\/)/;

/** An import or export-from that loads something at run time (`import type` and all-type braces do not). */
const valueImports = (text: string): string[] =>
  [
    ...text.matchAll(
      /^(?:import|export)\s+(type\s+)?(\{[^}]*\}|\*(?:\s+as\s+\w+)?|\w+(?:,\s*\{[^}]*\})?)?\s*(?:from\s+)?'([^']+)'/gm,
    ),
  ]
    .filter(
      ([, typeOnly, names]) =>
        typeOnly === undefined &&
        !(
          names?.startsWith('{') &&
          names
            .slice(1, -1)
            .split(',')
            .every((n) => n.trim() === '' || n.trim().startsWith('type '))
        ),
    )
    .map((match) => match[3] as string);

/** The packages a module and everything it imports relatively load at run time. */
function runtimePackages(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of valueImports(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.')) visit(path.resolve(path.dirname(file), specifier.replace(/\.js$/, '.ts')));
      else packages.add(specifier);
    }
  };
  visit(path.join(LIB, entry));
  return packages;
}

const frameworksOf = (entry: string): string[] =>
  [...runtimePackages(entry)].filter((name) => FRAMEWORKS.test(name)).sort();

describe('frameworks are optional peers', () => {
  it('the root entry `hookstream` loads no framework', () => {
    expect(frameworksOf('index.ts')).toEqual([]);
    expect(runtimePackages('index.ts').size).toBeGreaterThan(3);
  });

  it('each adapter loads only what it cannot do without', () => {
    expect(frameworksOf('adapters/ai-sdk/index.ts')).toEqual([]);
    expect(frameworksOf('adapters/mcp/index.ts')).toEqual([]);
    // LangChain: messages, and the chat-model base its live-streaming wrapper extends; never `langchain` itself.
    expect(frameworksOf('adapters/langchain/index.ts')).toEqual([
      '@langchain/core/callbacks/manager',
      '@langchain/core/language_models/chat_models',
      '@langchain/core/messages',
      '@langchain/core/outputs',
    ]);
    expect(frameworksOf('adapters/openai-agents/index.ts')).toEqual(['@openai/agents']);
  });

  it('the check sees a value import and ignores a type-only one', () => {
    expect(
      valueImports(
        "import type { A } from 'ai';\nimport { type B } from 'langchain';\nimport { C } from '@openai/agents';",
      ),
    ).toEqual(['@openai/agents']);
  });
});
