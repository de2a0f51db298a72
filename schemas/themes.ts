/**
 * themes/themes.json: theme '' (default), '02' (landscape) and '03'..'12' (colour themes) of
 * spec §2, as design tokens that become CSS custom properties (--ff-<token>) on <html>.
 */
import * as z from "zod/mini";
import { textKeySchema } from "./texts";
import { THEMES } from "./launch";

const colour = z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, "expected #rrggbb"));

const themeTokensSchema = z.strictObject({
  primary: colour,
  primaryText: colour,
  background: colour,
  surface: colour,
  text: colour,
  textSecondary: colour,
  border: colour,
  danger: colour,
  success: colour,
  radius: z.string().check(z.regex(/^\d+px$/)),
});

const themeSchema = z.strictObject({
  /** Its name where a person picks a theme (the demo page, the gallery): a text key, so it is in the page's language. */
  label: textKeySchema,
  /** Body class added while the theme is active (spec §2: landscape, theme-NN). */
  bodyClass: z.nullable(z.string().check(z.regex(/^[a-z0-9-]+$/))),
  /** Theme 12 shows no page title. */
  emptyTitle: z.boolean(),
  tokens: themeTokensSchema,
});
export type Theme = z.infer<typeof themeSchema>;
export type ThemeTokens = Theme["tokens"];
export type ThemeId = (typeof THEMES)[number];

export const themesFileSchema = z.strictObject({
  $schema: z.optional(z.string()),
  themes: z.record(z.enum(THEMES), themeSchema),
});
export type ThemesFile = z.infer<typeof themesFileSchema>;
