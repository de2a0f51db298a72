/**
 * The verification service's client for screens. The client is stateless apart from the
 * session token it reads from the launch's storage, so a screen without a provider simply
 * gets a same-origin client; tests and the gallery put a double in front with <ApiProvider>.
 */
import { createContext, useContext, useMemo, type ReactNode } from "react";
import { createApiClient, type ApiClient } from "../api/client";
import { useRuntime } from "./FlowProvider";
import type { FlowRuntime } from "../runtime/runtime";
import { SESSION_TOKEN_KEY, sessionTokenSchema } from "./sessionToken";

const ApiContext = createContext<ApiClient | null>(null);

export function ApiProvider({ api, children }: { api: ApiClient; children: ReactNode }) {
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

/** The client for the page's own origin, with the launch's session token when it keeps one. */
export function pageApiClient(rt: Pick<FlowRuntime, "storage">): ApiClient {
  return createApiClient({ sessionToken: () => rt.storage.getParsed(SESSION_TOKEN_KEY, sessionTokenSchema) });
}

/** The client a provider supplies, else one for the page's own origin. */
export function useApi(): ApiClient {
  const injected = useContext(ApiContext);
  const rt = useRuntime();
  return useMemo(() => injected ?? pageApiClient(rt), [injected, rt]);
}
