/**
 * "/" only redirects (spec §2 root redirect): the router runs the entry rules before this
 * would render, so this shows the loading state for the instant before the redirect lands.
 */
import { useRuntime } from "../FlowProvider";
import { Loading } from "../Loading";

export default function RootRedirectScreen() {
  return <Loading text={useRuntime().shell.loading} />;
}
