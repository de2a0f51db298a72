// Stylesheets are bundled by esbuild; importing one has no value in TypeScript.
declare module "*.css";

// A texts file imported with "?sections" is cut by the build into one chunk per section
// (scripts/build/textSections.mjs): its default export loads each section on demand. Every
// language's file has the source language's sections (checked by `npm run validate`).
declare module "*.json?sections" {
  const sections: import("./runtime/textCatalogue").SectionLoaders;
  export default sections;
}
