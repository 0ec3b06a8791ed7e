/**
 * Re-validation of hook-rewritten tool input against the tool's own schema, without importing a schema library:
 * Standard Schema (`~standard.validate`: zod ≥ 3.24, valibot, arktype), the AI SDK's `jsonSchema()` (`validate`),
 * and a lazy schema (a function returning one). A schema with no validator accepts the input as it is.
 */
import { isRecord } from '../../core/guards.js';

type Issue = { message?: string; path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> };

const issueText = (issue: Issue): string => {
  const path = (issue.path ?? []).map((step) => String(typeof step === 'object' ? step.key : step)).join('.');
  return path === '' ? (issue.message ?? 'invalid') : `${path}: ${issue.message ?? 'invalid'}`;
};

/** Validates `input`; resolves with the (possibly coerced) value, or throws an Error listing every issue. */
export async function checkAgainstSchema(
  schema: unknown,
  input: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const resolved: unknown = typeof schema === 'function' ? (schema as () => unknown)() : schema;
  if (!isRecord(resolved)) return input;
  const standard = resolved['~standard'];
  if (isRecord(standard) && typeof standard.validate === 'function') {
    const value = await checkValue(resolved, input);
    return isRecord(value) ? value : input;
  }
  if (typeof resolved.validate === 'function') return checkValidate(resolved.validate, input);
  // A raw shape (MCP's `inputSchema: { command: z.string() }`): each field against its own schema.
  const fields = Object.entries(resolved);
  if (fields.length > 0 && fields.every(([, value]) => isRecord(value) && isRecord(value['~standard']))) {
    const out: Record<string, unknown> = Object.assign({}, input);
    const problems: string[] = [];
    for (const [key, schema] of fields) {
      try {
        const value = await checkValue(schema, input[key]);
        if (value !== undefined) out[key] = value;
      } catch (error) {
        problems.push(`${key}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (problems.length > 0) throw new Error(problems.join('; '));
    return out;
  }
  return input;
}

/** One value against a Standard Schema; resolves with the validated value or throws its issues. */
async function checkValue(schema: unknown, value: unknown): Promise<unknown> {
  const standard = (schema as { '~standard': { validate(v: unknown): unknown } })['~standard'];
  const result = (await standard.validate(value)) as { value?: unknown; issues?: Issue[] };
  if (result.issues !== undefined) throw new Error(result.issues.map(issueText).join('; '));
  return result.value;
}

/** The AI SDK's `Schema.validate`: `{ success, value }` or `{ success: false, error }`. */
async function checkValidate(validate: unknown, input: Record<string, unknown>): Promise<Record<string, unknown>> {
  const result = (await (validate as (value: unknown) => unknown)(input)) as
    { success: true; value: unknown } | { success: false; error: unknown };
  if (!result.success) throw new Error(result.error instanceof Error ? result.error.message : String(result.error));
  return isRecord(result.value) ? result.value : input;
}
