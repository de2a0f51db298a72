/**
 * Every screen type a route of flows/routes.json may name. The loaders in ./index.ts are
 * checked against this list at compile time, and the routes file at build time.
 */
export const SCREEN_TYPES = [
  "rootRedirect",
  "start",
  "login",
  "uaDetect",
  "verify",
  "result",
  "error",
  "demoEntry",
  "protocol",
  "trtcRecord",
  "willDegrade",
  "wsRecord",
] as const;

export type ScreenType = (typeof SCREEN_TYPES)[number];
