/**
 * Entry of the catalogue gallery (gallery.html), built by build.mjs next to the app but
 * never linked from the flow. It reads its own query (theme, lang, only, compare; galleryQuery.ts)
 * and renders the real components with the app's stylesheets; no flow runtime, storage or network.
 */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import themesJson from "../../themes/themes.json";
import type { ThemesFile } from "../../schemas/themes";
import { GalleryApp } from "./GalleryApp";
import { readGalleryQuery } from "./galleryQuery";
import { languages } from "virtual:faceflow-all-texts";
import "../ui/app.css";
import "../ui/components/components.css";
import "../ui/screens/screens.css";
import "./gallery.css";

/** Validated by build.mjs before it was embedded. */
const themes = themesJson as ThemesFile;

createRoot(document.getElementById("root") as HTMLElement).render(
  <StrictMode>
    <GalleryApp themes={themes} query={readGalleryQuery(window.location.search, languages, window.navigator)} />
  </StrictMode>,
);
