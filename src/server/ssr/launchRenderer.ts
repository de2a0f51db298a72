/**
 * The renderer of a launch's first page as the service runs it: the browser's screens bundled on
 * their own beside the service (build.mjs: dist/server/renderLaunch.mjs, from
 * src/ssr/renderLaunchPage.tsx), loaded on the first launch, so the service's code imports no
 * browser code and a service that never renders a launch never loads React.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { LaunchRenderer } from "./launchPage";

/** The bundled renderer next to this module, or null where there is none (the service run from its sources). */
export function bundledLaunchRenderer(): LaunchRenderer | null {
  const file = new URL("./renderLaunch.mjs", import.meta.url);
  // Not a file (the service's modules loaded by a test's DOM environment): no bundle beside them.
  if (file.protocol !== "file:" || !existsSync(fileURLToPath(file))) return null;
  let loaded: Promise<LaunchRenderer> | null = null;
  const load = async (): Promise<LaunchRenderer> => {
    // React's server renderer picks its development build unless NODE_ENV says production: the
    // service runs it as production unless the deployment says otherwise.
    process.env.NODE_ENV ??= "production";
    const module: unknown = await import(file.href);
    const render = typeof module === "object" && module !== null ? (module as { renderLaunchPage?: unknown }).renderLaunchPage : undefined;
    if (typeof render !== "function") throw new Error(`${fileURLToPath(file)} exports no renderLaunchPage: rebuild (npm run build)`);
    return render as LaunchRenderer;
  };
  return async (input) => (await (loaded ??= load()))(input);
}
