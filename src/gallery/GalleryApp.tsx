/**
 * The catalogue gallery for product staff (built by build.mjs as gallery.html, linked from
 * nowhere in the flow). Three views, chosen by the page's query:
 * - default: every entry, grouped, each in a phone-sized frame, in the theme and language
 *   picked in the bars (?theme=07&lang=en); a filter narrows by status name, code or note;
 * - ?compare=<id>: one entry in every theme and every language side by side (one frame each,
 *   an iframe of the single view, so the landscape theme's body class applies to it alone);
 * - ?only=<id>&theme=NN&lang=<tag>: one entry filling the page, which is what those iframes show.
 * It uses the real components and resolvers but no flow runtime. Its own words (headings,
 * filter, bars, links) are the texts' `gallery` section in the page's language (issue 35): the
 * query's lang, else the browser's, as a flow page chooses it; the language bar switches it,
 * for the gallery and its specimens alike.
 */
import { useEffect, useState } from "react";
import { THEMES } from "../../schemas/launch";
import type { ThemeId, ThemesFile } from "../../schemas/themes";
import { applyTheme } from "../ui/theme";
import { fillText } from "../ui/screens/textTemplate";
import { applyLanguage } from "../runtime/language";
import { GALLERY_ENTRIES, GALLERY_GROUPS, type GalleryEntry } from "./entries";
import type { GalleryQuery } from "./galleryQuery";
import { languages, texts as allTexts } from "virtual:faceflow-all-texts";
import type { Texts } from "../../schemas/texts";
import { lookupText } from "../runtime/textKey";

/** A language's screen texts; the tag was checked against the list when the query was read. */
function textsOf(lang: string): Texts {
  const file = allTexts[lang];
  if (!file) throw new Error(`Unknown gallery language "${lang}" (known: ${Object.keys(allTexts).join(", ")})`);
  return file;
}

/** Frame sizes: a 360×720 phone, turned sideways for the landscape theme. */
const PORTRAIT = { width: 360, height: 720 };
const LANDSCAPE = { width: 720, height: 360 };
const LANDSCAPE_THEME: ThemeId = "02";


function frameSize(theme: ThemeId): { width: number; height: number } {
  return theme === LANDSCAPE_THEME ? LANDSCAPE : PORTRAIT;
}

/** In the launch schema's order ('' first): Object.keys would put "10", "11", "12" first. */
const THEME_IDS: readonly ThemeId[] = THEMES;

function themeName(themes: ThemesFile, id: ThemeId, texts: Texts): string {
  const name = lookupText(texts, themes.themes[id].label);
  return id ? `${id} ${name}` : name;
}

function hrefFor(query: Partial<GalleryQuery>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== "") params.set(key, value);
  const qs = params.toString();
  return qs ? `?${qs}` : "?";
}

function findEntry(id: string | undefined): GalleryEntry | undefined {
  return GALLERY_ENTRIES.find((entry) => entry.id === id);
}

function Frame({ entry, theme, lang }: { entry: GalleryEntry; theme: ThemeId; lang: string }) {
  const size = frameSize(theme);
  const language = languages.languages.find((l) => l.tag === lang);
  return (
    <div className="gallery-frame" style={{ width: size.width, height: size.height }} lang={lang} dir={language?.dir}>
      {entry.render(size.height / size.width, textsOf(lang))}
    </div>
  );
}

function Label({ entry, theme, lang }: { entry: GalleryEntry; theme: ThemeId; lang: string }) {
  const texts = textsOf(lang);
  return (
    <div className="gallery-label">
      <code className="gallery-label__name">{entry.label(texts)}</code>
      <span className="gallery-label__note">{entry.note(texts)}</span>
      <a className="gallery-label__compare" href={hrefFor({ compare: entry.id, theme, lang })}>
        {texts.gallery.compare}
      </a>
    </div>
  );
}

function ThemeBar({ themes, theme, lang }: { themes: ThemesFile; theme: ThemeId; lang: string }) {
  return (
    <nav className="gallery-themes" aria-label={textsOf(lang).gallery.themes}>
      {THEME_IDS.map((id) => (
        <a key={id || "default"} className={id === theme ? "gallery-theme gallery-theme--on" : "gallery-theme"} href={hrefFor({ lang, theme: id })}>
          <span className="gallery-theme__swatch" style={{ background: themes.themes[id].tokens.primary }} />
          {themeName(themes, id, textsOf(lang))}
        </a>
      ))}
    </nav>
  );
}

/** The page's language switch: each language by its own name; `compare` keeps the compared entry. */
function LanguageBar({ theme, lang, compare }: { theme: ThemeId; lang: string; compare?: string }) {
  return (
    <nav className="gallery-themes" aria-label={textsOf(lang).gallery.languages}>
      {languages.languages.map((l) => (
        <a
          key={l.tag}
          lang={l.tag}
          className={l.tag === lang ? "gallery-theme gallery-theme--on" : "gallery-theme"}
          aria-current={l.tag === lang ? "page" : undefined}
          href={hrefFor({ compare, theme, lang: l.tag })}
        >
          {l.name} ({l.tag})
        </a>
      ))}
    </nav>
  );
}

function Catalogue({ themes, theme, lang }: { themes: ThemesFile; theme: ThemeId; lang: string }) {
  const [filter, setFilter] = useState("");
  const texts = textsOf(lang);
  const t = texts.gallery;
  const needle = filter.trim().toLowerCase();
  const shown = GALLERY_ENTRIES.filter((entry) => !needle || `${entry.label(texts)} ${entry.note(texts)} ${entry.id}`.toLowerCase().includes(needle));
  return (
    <div className="gallery">
      <header className="gallery-header">
        <h1 className="gallery-title">{t.title}</h1>
        <p className="gallery-sub">{fillText(t.summary, { count: String(GALLERY_ENTRIES.length), theme: themeName(themes, theme, texts) })}</p>
        <label className="gallery-filter-label">
          {t.filter}
          <input className="gallery-filter" type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
        </label>
        <ThemeBar themes={themes} theme={theme} lang={lang} />
        <LanguageBar theme={theme} lang={lang} />
      </header>
      {GALLERY_GROUPS.map((group) => {
        const entries = shown.filter((entry) => entry.group === group);
        if (entries.length === 0) return null;
        return (
          <section key={group} className="gallery-group">
            <h2 className="gallery-group__title">
              {t[group]} <span className="gallery-group__count">{entries.length}</span>
            </h2>
            <div className="gallery-grid">
              {entries.map((entry) => (
                <figure key={entry.id} className="gallery-item" id={entry.id}>
                  <Label entry={entry} theme={theme} lang={lang} />
                  <Frame entry={entry} theme={theme} lang={lang} />
                </figure>
              ))}
            </div>
          </section>
        );
      })}
    </div>
  );
}

function Compare({ themes, entry, theme, lang }: { themes: ThemesFile; entry: GalleryEntry; theme: ThemeId; lang: string }) {
  const texts = textsOf(lang);
  const t = texts.gallery;
  return (
    <div className="gallery">
      <header className="gallery-header">
        <a className="gallery-back" href={hrefFor({ theme, lang })}>
          {t.back}
        </a>
        <h1 className="gallery-title">
          <code>{entry.label(texts)}</code> · {entry.note(texts)}
        </h1>
        <p className="gallery-sub">{fillText(t.compareSummary, { themes: String(THEME_IDS.length), languages: String(languages.languages.length) })}</p>
        <LanguageBar theme={theme} lang={lang} compare={entry.id} />
      </header>
      {languages.languages.map((l) => (
      <section key={l.tag} className="gallery-group">
      <h2 className="gallery-group__title">
        {/* Each language by its own name, as in the language bar. */}
        <span lang={l.tag}>{l.name}</span> ({l.tag})
      </h2>
      <div className="gallery-grid">
        {THEME_IDS.map((id) => {
          const size = frameSize(id);
          return (
            <figure key={id || "default"} className="gallery-item">
              <div className="gallery-label">
                <code className="gallery-label__name">theme={id || "''"}</code>
                <span className="gallery-label__note">{lookupText(texts, themes.themes[id].label)}</span>
              </div>
              <iframe
                className="gallery-iframe"
                title={fillText(t.frameTitle, { entry: entry.label(texts), theme: themeName(themes, id, texts), language: l.name })}
                src={hrefFor({ only: entry.id, theme: id, lang: l.tag })}
                width={size.width}
                height={size.height}
                loading="lazy"
              />
            </figure>
          );
        })}
      </div>
      </section>
      ))}
    </div>
  );
}

export function GalleryApp({ themes, query }: { themes: ThemesFile; query: GalleryQuery }) {
  const { theme, lang } = query;
  useEffect(() => {
    applyTheme(document, themes, theme);
  }, [themes, theme]);
  useEffect(() => {
    const language = languages.languages.find((l) => l.tag === lang);
    if (language) applyLanguage(document, language);
    document.title = textsOf(lang).gallery.documentTitle;
  }, [lang]);

  const only = findEntry(query.only);
  if (only) {
    return (
      <div className="gallery-only" data-entry={only.id} lang={lang}>
        {only.render(window.innerWidth > 0 ? window.innerHeight / window.innerWidth : 2, textsOf(lang))}
      </div>
    );
  }
  const compared = findEntry(query.compare);
  if (compared) return <Compare themes={themes} entry={compared} theme={theme} lang={lang} />;
  return <Catalogue themes={themes} theme={theme} lang={lang} />;
}
