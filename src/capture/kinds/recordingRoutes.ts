/**
 * The routes of the plain recording pages, shared by the kinds that record a video file
 * there. Will mode needs the spoken consent, which the plain pages of a liveness check do not
 * ask for: it has its own downgrade pages.
 */
import type { CaptureRoutes } from "./descriptor";

export const RECORDING_ROUTES: CaptureRoutes = { plain: "/vertify", action: "/action/vertify", will: "/willDegrade/transition" };
