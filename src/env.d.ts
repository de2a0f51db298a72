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
