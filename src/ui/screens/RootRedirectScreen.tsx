/**
 * "/" only redirects (spec §2 root redirect): the router runs the entry rules before this
 * would render, so this shows the loading state for the instant before the redirect lands.
 */
import { useTexts } from "../FlowProvider";
import { Loading } from "../Loading";

export default function RootRedirectScreen() {
  const texts = useTexts();
  return <Loading text={texts.common.loading} />;
}
