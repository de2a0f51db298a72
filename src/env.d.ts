// Stylesheets are bundled by esbuild; importing one has no value in TypeScript.
declare module "*.css";

// A texts file imported with "?sections" is cut by the build into one chunk per set of
// sections a screen loads and one per section (scripts/build/textSections.mjs): `groups`
// loads each set, the default export each section, on demand. Every language's file has the
// source language's sections (checked by `npm run validate`).
declare module "*.json?sections" {
  export const groups: import("./runtime/textCatalogue").GroupLoaders;
  const sections: import("./runtime/textCatalogue").SectionLoaders;
  export default sections;
}

// flows/languages.json with the default language's shell texts and every listed language's
// texts loader (scripts/build/languages.mjs); the validate script checked the list and each file.
declare module "virtual:faceflow-languages" {
  export const languages: import("../schemas/languages").LanguagesFile;
  export const defaultShell: import("../schemas/texts").ShellTexts;
  export const texts: Readonly<Record<string, import("./runtime/textCatalogue").LanguageLoader>>;
}

// The gallery's (staff only): the list and every listed language's whole texts file.
declare module "virtual:faceflow-all-texts" {
  export const languages: import("../schemas/languages").LanguagesFile;
  export const texts: Readonly<Record<string, Omit<import("../schemas/texts").Texts, never> & { shell: import("../schemas/texts").ShellTexts }>>;
}
