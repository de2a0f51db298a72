/**
 * Applying a theme of themes/themes.json: its tokens become --ff-<token> custom properties
 * on <html>, its body class (landscape, theme-NN) goes on <body>, and the previous theme's
 * class is removed so switching themes never stacks classes.
 */
import type { Theme, ThemeId, ThemesFile } from "../../schemas/themes";

export function themeOf(themes: ThemesFile, id: ThemeId | undefined): Theme {
  const theme = themes.themes[id ?? ""];
  if (!theme) throw new Error(`Unknown theme "${String(id)}". Known themes: ${Object.keys(themes.themes).map((k) => `"${k}"`).join(", ")}`);
  return theme;
}

export function applyTheme(doc: Document, themes: ThemesFile, id: ThemeId | undefined): Theme {
  const theme = themeOf(themes, id);
  for (const other of Object.values(themes.themes)) if (other.bodyClass) doc.body.classList.remove(other.bodyClass);
  if (theme.bodyClass) doc.body.classList.add(theme.bodyClass);
  // The token set is fixed by the themes schema, checked at build time.
  for (const [token, value] of Object.entries(theme.tokens)) doc.documentElement.style.setProperty(`--ff-${token}`, value);
  return theme;
}
