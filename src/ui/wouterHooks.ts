/** wouter's location hooks over the flow's hash location (src/runtime/hashLocation.ts). */
import { useSyncExternalStore } from "react";
import type { HashLocation } from "../runtime/hashLocation";

interface WouterHooks {
  /** wouter `hook`: [path, navigate]. */
  hook: () => [string, (to: string, opts?: { replace?: boolean }) => void];
  /** wouter `searchHook`: the hash's query without "?". */
  searchHook: () => string;
  hrefs: (href: string) => string;
}

export function wouterHooks(location: HashLocation): WouterHooks {
  const pathSnapshot = () => location.current().path;
  const searchSnapshot = () => location.current().search;
  return {
    // The same snapshot on the server (src/ssr: its window's hash is the page it renders).
    hook: () => [useSyncExternalStore(location.subscribe, pathSnapshot, pathSnapshot), location.navigate],
    searchHook: () => useSyncExternalStore(location.subscribe, searchSnapshot, searchSnapshot),
    hrefs: (href) => "#" + href,
  };
}
