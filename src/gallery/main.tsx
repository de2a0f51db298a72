/**
 * Entry of the catalogue gallery (gallery.html), built by build.mjs next to the app but
 * never linked from the flow. It reads its own query (theme, only, compare) and renders
 * the real components with the app's stylesheets; no flow runtime, storage or network.
 */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import themesJson from "../../themes/themes.json";
import { THEMES } from "../../schemas/launch";
import type { ThemeId, ThemesFile } from "../../schemas/themes";
import { GalleryApp, type GalleryQuery } from "./GalleryApp";
import { languages } from "virtual:faceflow-all-texts";
import "../ui/app.css";
import "../ui/components/components.css";
import "../ui/screens/screens.css";
import "./gallery.css";

/** Validated by build.mjs before it was embedded. */
const themes = themesJson as ThemesFile;

function readQuery(search: string): GalleryQuery {
  const params = new URLSearchParams(search);
  const theme = params.get("theme") ?? "";
  return {
    theme: (THEMES as readonly string[]).includes(theme) ? (theme as ThemeId) : "",
    // An unlisted language shows the default: the gallery is a staff tool, its bars list the real ones.
    lang: languages.languages.some((l) => l.tag === params.get("lang")) ? (params.get("lang") as string) : languages.default,
    only: params.get("only") ?? undefined,
    compare: params.get("compare") ?? undefined,
  };
}

createRoot(document.getElementById("root") as HTMLElement).render(
  <StrictMode>
    <GalleryApp themes={themes} query={readQuery(window.location.search)} />
  </StrictMode>,
);
