/**
 * The face guidance hints: what the user should change so the face can be checked. The upload's
 * guidance report counts them (schemas/apiGuidance.ts) and src/domain/face/quality.ts picks them; plain
 * values, no zod, so the face checks can name them without building a schema.
 */

/**
 * Every hint, in the order qualityHint (src/domain/face/quality.ts) tests them. "tooDark" comes first: in a dark room the
 * detector finds no face, and "no face" would send the user looking for the camera instead of
 * for light.
 */
export const GUIDANCE_HINTS = ["tooDark", "noFace", "manyFaces", "tooFar", "tooClose", "offCentre", "ok"] as const;
export type GuidanceHint = (typeof GUIDANCE_HINTS)[number];
