/**
 * Adds a lazily loaded screen's styles to the page (issue 14). The build turns a CSS import
 * outside src/main.tsx into a call of this with the minified CSS (scripts/build/bundleApp.mjs),
 * so the styles of the recording, real-time, login and demo pages travel with their screens'
 * chunks instead of delaying every first screen. A module runs once, so each sheet is added
 * once; it goes after the page's stylesheet, and no lazy sheet shares a selector with it.
 */
export function injectStyle(css: string, doc: Document = document): void {
  const style = doc.createElement("style");
  style.textContent = css;
  doc.head.appendChild(style);
}
