/**
 * The registered capture kinds, filled once at the composition root with their descriptors
 * and capture.json's mode table. Looking up an unknown kind throws with the known kinds;
 * making a registry whose mode table names an unknown mode or kind, or leaves a registered
 * kind unreachable, throws with every problem (the same check `npm run validate` runs).
 *
 * It is also the registry of handler loaders the pages use: `get(kind)` is the kind's `load`.
 *
 * @example createCaptureKindRegistry(shippedCaptureKinds(), { modeOrder, modeKinds }).inOrder("default").map((d) => d.kind)
 *   // ["trtc", "websocket", "wxVideo", "recorder", "fileInput"]
 */
import { createRegistry, type Registry } from "../../engine/registry";
import type { CaptureKind } from "../contract";
import type { CaptureHandlerLoader, CaptureKindDescriptor } from "./descriptor";
import { checkCaptureModes, type CaptureModes, type ModeOrderKey } from "./modeTable";

export interface CaptureKindRegistry<K extends string = CaptureKind> extends Registry<CaptureHandlerLoader> {
  descriptor(kind: string): CaptureKindDescriptor<K>;
  /** The descriptors in the order a choice tries them: each mode of the order, each mode's kinds in turn. */
  inOrder(order: ModeOrderKey): readonly CaptureKindDescriptor<K>[];
}

class CaptureKindsError extends Error {
  constructor(readonly problems: string[]) {
    super(`capture kinds: ${problems.length} problem(s)\n- ${problems.join("\n- ")}`);
    this.name = "CaptureKindsError";
  }
}

export function createCaptureKindRegistry<K extends string>(descriptors: readonly CaptureKindDescriptor<K>[], modes: CaptureModes): CaptureKindRegistry<K> {
  const names = descriptors.map((d) => d.kind);
  const twice = names.filter((name, i) => names.indexOf(name) !== i);
  const problems = [...twice.map((name) => `capture kind "${name}" is registered twice`), ...checkCaptureModes(names, modes)];
  if (problems.length) throw new CaptureKindsError(problems);
  const byKind = createRegistry("capture kind", Object.fromEntries(descriptors.map((d) => [d.kind, d])));
  const orders = new Map<ModeOrderKey, CaptureKindDescriptor<K>[]>();
  for (const order of Object.keys(modes.modeOrder) as ModeOrderKey[]) {
    // checkCaptureModes has made sure every mode and kind named here exists.
    orders.set(order, modes.modeOrder[order].flatMap((mode) => (modes.modeKinds[mode] ?? []).map((kind) => byKind.get(kind))));
  }
  return {
    kind: byKind.kind,
    get: (name) => byKind.get(name).load,
    has: byKind.has,
    names: byKind.names,
    descriptor: byKind.get,
    inOrder: (order) => orders.get(order) ?? [],
  };
}
