/**
 * A TEXT column holding JSON, parsed by the schema of what it holds; a row that does not
 * parse is a corrupt store and fails loudly instead of flowing on as `unknown`.
 */
import * as z from "zod";

/** Accepts full zod and zod/mini schemas alike (the shared contract is zod/mini). */
export function jsonColumn<T extends z.core.$ZodType>(schema: T) {
  return z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "column is not valid JSON" });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

/** Parse one row (or undefined for "no row") with its schema, naming the table on failure. */
export function parseRow<T extends z.ZodType>(table: string, schema: T, row: unknown): z.infer<T> | null {
  if (row === undefined) return null;
  const parsed = schema.safeParse(row);
  if (!parsed.success) throw new Error(`corrupt row in ${table}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

export function parseRows<T extends z.ZodType>(table: string, schema: T, rows: unknown[]): z.infer<T>[] {
  return rows.map((row) => {
    const parsed = parseRow(table, schema, row);
    if (parsed === null) throw new Error(`corrupt row in ${table}: missing`);
    return parsed;
  });
}
