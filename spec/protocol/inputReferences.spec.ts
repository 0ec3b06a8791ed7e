/**
 * `${path}` references of an mcp_tool hook's input (lib/protocol/inputReferences.ts): looked up, never evaluated.
 */
import { describe, expect, it } from 'vitest';
import { lookUp, resolveReferences } from '../../lib/protocol/inputReferences.js';

const input = {
  session_id: 's1',
  tool_input: { file_path: 'src/a.ts', edits: [{ old_string: 'a' }, { old_string: 'b' }], count: 2, flag: false },
};

describe('lookUp', () => {
  it('follows own fields and array indexes, and finds nothing through prototypes or past the end', () => {
    expect(lookUp(input, 'tool_input.edits.1.old_string')).toBe('b');
    expect(lookUp(input, 'tool_input.edits.2.old_string')).toBeUndefined();
    expect(lookUp(input, 'tool_input.edits.length')).toBeUndefined();
    expect(lookUp(input, 'constructor')).toBeUndefined();
    expect(lookUp(input, 'tool_input.file_path.length')).toBeUndefined();
  });
});

describe('resolveReferences', () => {
  it('replaces references inside text, keeps a whole reference typed, and empties a missing one', () => {
    expect(
      resolveReferences(
        {
          text: '${tool_input.file_path} in ${session_id}',
          count: '${tool_input.count}',
          flag: '${tool_input.flag}',
          edits: '${tool_input.edits}',
          inline: 'edits: ${tool_input.edits.0}',
          missing: '${nope}',
          partly: 'x${nope}y',
        },
        input,
      ),
    ).toEqual({
      text: 'src/a.ts in s1',
      count: 2,
      flag: false,
      edits: [{ old_string: 'a' }, { old_string: 'b' }],
      inline: 'edits: {"old_string":"a"}',
      missing: '',
      partly: 'xy',
    });
  });

  it('leaves what is not a reference as written, and values that are not strings as they are', () => {
    expect(resolveReferences(['${a b}', '$tool_input', '${}', '${tool_input.file_path', 7, null, true], input)).toEqual(
      ['${a b}', '$tool_input', '${}', '${tool_input.file_path', 7, null, true],
    );
  });

  it('copies: the template is not changed, and a "__proto__" key stays an own key', () => {
    const template = JSON.parse(
      '{"__proto__": {"path": "${tool_input.file_path}"}, "list": ["${session_id}"]}',
    ) as Record<string, unknown>;
    const resolved = resolveReferences(template, input) as Record<string, unknown>;
    expect(Object.hasOwn(resolved, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(resolved)).toBe(Object.prototype);
    expect(resolved.list).toEqual(['s1']);
    expect(template.list).toEqual(['${session_id}']);
  });
});
