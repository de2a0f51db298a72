/**
 * Which modes show the light challenge: those whose checks (flows/checks.json, as the service
 * read it at start) include the "light" server check, so the page is asked for light exactly
 * where the verdict will look for it. And the route a user takes who must not see it.
 */
import type { ChecksFile } from "../../../schemas/checks";
import type { CaptureFile } from "../../../schemas/capture";

type LiveType = "1" | "2" | "3";

/** The name of the server check that judges the light (src/server/verify/checks/). */
export const LIGHT_CHECK = "light";

/** Whether an attempt of `liveType` (in will mode when `will`) is judged on the light: the page must show it. */
export function lightModes(checks: ChecksFile, liveType: LiveType, will: boolean): boolean {
  return (will ? checks.will : checks.live)[liveType].includes(LIGHT_CHECK);
}

/**
 * The live type a photosensitive user of a light mode takes instead (capture.json
 * light.alternative), or null: none when the mode shows no light or none is named. The route is
 * number mode judged without the light (its digits, voice and lips, and the replay check), also
 * when number mode itself shows light: such an attempt records that it took this route
 * (AttemptRecord.liveType), so its verdict never waits for colours it never showed.
 */
export function lightAlternative(checks: ChecksFile, light: CaptureFile["light"], liveType: LiveType, will: boolean): "1" | null {
  if (!lightModes(checks, liveType, will)) return null;
  return light.alternative[liveType] ?? null;
}
