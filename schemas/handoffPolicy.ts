/**
 * Whether a launch may continue on a phone (issue 32): "on" (the start page offers it, and a
 * failed camera check does), "noCamera" (only when this desktop's camera check fails), "off"
 * (never). Its own module: the launch parameters (first screen) read it without the rest of
 * the handoff's contract.
 */
import * as z from "zod/mini";

export const HANDOFF_POLICIES = ["on", "noCamera", "off"] as const;
export const handoffPolicySchema = z.enum(HANDOFF_POLICIES);
export type HandoffPolicy = z.infer<typeof handoffPolicySchema>;
