/** The shape of warpedPhotos.json (written by makeFixture.ts): synthetic landmark data derived from the face-api demo photos. */
import * as z from "zod";

export const WARP_KINDS = ["halfStretch", "halfStretchVertical", "squash", "keystoneYaw", "keystonePitch"] as const;
export type WarpKind = (typeof WARP_KINDS)[number];

export const warpFixtureSchema = z.object({
  generatedBy: z.string(),
  /** The mesh indices each points array follows, in order. */
  landmarks: z.array(z.int()),
  faces: z.array(
    z.object({
      sample: z.int(),
      box: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
      /** The frontal frame's landmarks: x, y in pixels and Human's z. */
      frontal: z.array(z.tuple([z.number(), z.number(), z.number()])),
      warps: z.array(z.object({ kind: z.enum(WARP_KINDS), amount: z.number(), points: z.array(z.tuple([z.number(), z.number(), z.number()])) })),
    }),
  ),
});
export type WarpFixture = z.infer<typeof warpFixtureSchema>;

/** The shape of renderedTurns.json (written by makeRenderedTurns.ts): Human's landmarks of synthetic 3D turns of the same photos. */
export const turnFixtureSchema = z.object({
  generatedBy: z.string(),
  landmarks: z.array(z.int()),
  turns: z.array(
    z.object({
      sample: z.int(),
      axis: z.enum(["yaw", "pitch"]),
      amplitudeDeg: z.number(),
      frames: z.array(
        z.object({
          atMs: z.number(),
          box: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
          points: z.array(z.tuple([z.number(), z.number(), z.number()])),
        }),
      ),
    }),
  ),
});
export type TurnFixture = z.infer<typeof turnFixtureSchema>;
