/**
 * The cross-check of capture.json's `modeOrder` and `modeKinds` against the registered
 * capture kinds. `npm run validate` runs it over the shipped kinds and the registry runs it
 * when it is made, so a wrong name fails the build and, in a test, the registry's creation.
 */
import type { CaptureFile } from "../../../schemas/capture";
import { UnknownNameError } from "../../engine/registry";

export type CaptureModes = Pick<CaptureFile, "modeOrder" | "modeKinds">;
export type ModeOrderKey = keyof CaptureFile["modeOrder"];

/**
 * Every problem of the mode table (empty when it is sound): a mode in an order that
 * `modeKinds` does not define, a kind not registered, a kind listed under two modes, and a
 * registered kind that some order never reaches (every order must be able to end on the kind
 * that always works, and a kind nothing tries is dead code).
 */
export function checkCaptureModes(registered: readonly string[], modes: CaptureModes): string[] {
  const problems: string[] = [];
  const known = new Set(registered);
  const modeOfKind = new Map<string, string>();
  for (const [mode, kinds] of Object.entries(modes.modeKinds)) {
    for (const kind of kinds) {
      if (!known.has(kind)) problems.push(`modeKinds.${mode}: ${new UnknownNameError("capture kind", kind, registered).message}`);
      const other = modeOfKind.get(kind);
      if (other !== undefined) problems.push(`modeKinds.${mode}: capture kind "${kind}" is already listed under mode "${other}"`);
      else modeOfKind.set(kind, mode);
    }
  }
  const modeNames = Object.keys(modes.modeKinds);
  for (const [order, list] of Object.entries(modes.modeOrder)) {
    const reached = new Set<string>();
    for (const mode of list) {
      const kinds = modes.modeKinds[mode];
      if (kinds === undefined) problems.push(`modeOrder.${order}: ${new UnknownNameError("mode", mode, modeNames).message} (the keys of modeKinds)`);
      else for (const kind of kinds) reached.add(kind);
    }
    for (const kind of registered) {
      if (!reached.has(kind)) problems.push(`modeOrder.${order}: capture kind "${kind}" is registered but no mode of this order lists it`);
    }
  }
  return problems;
}
