/**
 * A zod schema's whole definition as plain data, to tell whether two schemas written apart (the
 * service's contract and the partner kit's copy of it) accept and give the same things: every
 * type, field, optionality, nullability, enum value, literal, pattern, length and number bound,
 * format, and the source text of every refinement and transform. Fields are compared by name,
 * not by order. Error messages are not compared: zod keeps them inside closures, and they are
 * not the contract.
 */
import type * as z from "zod/mini";

type Shape = null | boolean | number | string | Shape[] | { [key: string]: Shape };

const isZod = (value: object): value is z.ZodMiniType => "_zod" in value && typeof (value as { _zod: unknown })._zod === "object";

export function schemaShape(schema: z.ZodMiniType): Shape {
  const open: object[] = [];
  const visit = (value: unknown): Shape => {
    if (value === null || typeof value === "boolean" || typeof value === "number" || typeof value === "string") return value;
    if (value === undefined) return "<undefined>";
    if (typeof value === "bigint") return `${value}n`;
    // A refinement, a transform, or zod's own helpers: the code is what it does.
    if (typeof value === "function") return `fn ${value.toString()}`;
    if (value instanceof RegExp) return `re /${value.source}/${value.flags}`;
    if (typeof value !== "object") return `<${typeof value}>`;
    if (open.includes(value)) return "<cycle>";
    open.push(value);
    try {
      if (Array.isArray(value)) return value.map(visit);
      // A schema or a check: its definition (`_zod` also holds zod's caches, not the contract).
      if (isZod(value)) return { def: visit(value._zod.def) };
      const out: { [key: string]: Shape } = {};
      for (const key of Object.keys(value).sort()) out[key] = visit((value as Record<string, unknown>)[key]);
      return out;
    } finally {
      open.pop();
    }
  };
  return visit(schema);
}
