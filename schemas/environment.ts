/** Deployment environments (spec §2 debug console, §4 analytics report environment). */
import * as z from "zod/mini";

const ENVIRONMENTS = ["release", "test", "dev", "local", "sit", "noidno"] as const;
export const environmentSchema = z.enum(ENVIRONMENTS);
export type Environment = z.infer<typeof environmentSchema>;
