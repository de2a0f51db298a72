/**
 * "/" only redirects (spec §2 root redirect): the router runs the entry rules before this
 * would render, so this shows the loading state for the instant before the redirect lands.
 */
import shell from "../../../flows/shell.zh-CN.json";
import { Loading } from "../Loading";

export default function RootRedirectScreen() {
  return <Loading text={shell.loading} />;
}
