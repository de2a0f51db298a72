/**
 * Every screen type a route of flows/routes.json may name (defined with each type's props in
 * schemas/screenProps.ts). The loaders in ./index.ts are checked against this list at compile
 * time, and the routes file at build time.
 */
export { SCREEN_TYPES, type ScreenType } from "../../../schemas/screenProps";
