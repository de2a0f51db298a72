/**
 * The capture handlers by kind, each a lazily imported factory, in a registry whose lookup
 * of an unknown kind throws with the known kinds. Filled at the composition root.
 */
import { createRegistry, type Registry } from "../engine/registry";
import type { CaptureDeps, CaptureHandlerFactory, CaptureHandlerLoaders } from "./contract";

export function createCaptureHandlerRegistry(loaders: CaptureHandlerLoaders): Registry<() => Promise<CaptureHandlerFactory<CaptureDeps>>> {
  return createRegistry("capture handler", loaders);
}
