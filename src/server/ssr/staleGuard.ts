/**
 * The rendered launch page's one script of its own (issue 33): the hash never reaches a server,
 * so a launch link reloaded on a later page of the flow (`/?…&sign=…#/vertify`, a pull to
 * refresh in an in-app browser) is served its first page. Run by the parser right after the
 * root, before the first paint, it marks the root stale when the URL's hash names another page,
 * and app.css hides a stale root's content: the user sees nothing for a moment rather than the
 * start page where they were recording, until the app renders the page the hash names (it
 * removes the mark, src/main.tsx). An empty hash or "#/" is the launch's own start.
 */
import { createHash } from "node:crypto";
import { SERVED_PAGE_ATTRIBUTE, SERVED_STALE_ATTRIBUTE } from "../../../schemas/servedPage";

/** ES5, no module: it runs before any of the app's code, in every browser the page serves. */
export const STALE_GUARD_SCRIPT =
  `(function(r){var h=location.hash;` +
  `if(r&&h&&h!=="#"&&h!=="#/"&&h!=="#"+r.getAttribute("${SERVED_PAGE_ATTRIBUTE}"))r.setAttribute("${SERVED_STALE_ATTRIBUTE}","")})` +
  `(document.getElementById("root"));`;

/** The script's CSP source: the rendered page's script-src allows it by hash. */
export const STALE_GUARD_SOURCE = `'sha256-${createHash("sha256").update(STALE_GUARD_SCRIPT, "utf8").digest("base64")}'`;
