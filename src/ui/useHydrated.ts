/**
 * False while a page the service rendered (src/ssr) is still only HTML, true once React runs it.
 * Buttons read it to stay disabled until then: a tap on server-rendered HTML does nothing, and a
 * greyed button (.ff-btn:disabled) says so rather than ignoring the user. A page rendered in the browser is true from
 * its first render; a hydrating one renders false first (the server's value, so the HTML matches)
 * and true straight after, which is how React treats a store whose client value differs.
 */
import { useSyncExternalStore } from "react";

const never = () => () => undefined;
const onClient = () => true;
const onServer = () => false;

export function useHydrated(): boolean {
  return useSyncExternalStore(never, onClient, onServer);
}
