/**
 * `npm run validate`'s capture cross-check: capture.json's mode table against the shipped
 * capture kinds, their routes against routes.json, and the real-time order against the one
 * the h5conf "first mode" code records.
 */
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import captureJson from "../../flows/capture.json";
import { captureFileSchema, type CaptureFile } from "../../schemas/capture";
import { crossCheckCapture } from "../../scripts/validate";
import { shippedCaptureKinds } from "../../src/capture/kinds/shipped";
import { loadDefinitions } from "../engine/fixtures";

const shipped = z.parse(captureFileSchema, captureJson);
const defs = loadDefinitions();
const check = (edit: (c: CaptureFile) => CaptureFile) => crossCheckCapture(edit(structuredClone(shipped)), defs);
/** The registered kinds' names in registration order, as an unknown-kind problem lists them. */
const kindNames = shippedCaptureKinds().map((d) => d.kind);

describe("validate's capture cross-check", () => {
  it("passes the shipped capture.json", () => {
    expect(crossCheckCapture(shipped, defs)).toEqual([]);
  });

  it("refuses an unknown mode in modeOrder and an unknown kind in modeKinds, listing the known names", () => {
    const problems = check((c) => ({
      ...c,
      modeOrder: { ...c.modeOrder, default: [...c.modeOrder.default, "__not_a_mode__"] },
      modeKinds: { ...c.modeKinds, video: [...(c.modeKinds.video ?? []), "__not_a_kind__"] },
    }));
    expect(problems).toEqual([
      `flows/capture.json: modeKinds.video: Unknown capture kind "__not_a_kind__". Known capture kinds: ${kindNames.join(", ")}`,
      `flows/capture.json: modeOrder.default: Unknown mode "__not_a_mode__". Known modes: ${Object.keys(shipped.modeKinds).join(", ")} (the keys of modeKinds)`,
    ]);
  });

  it("refuses an order that never reaches a registered kind", () => {
    const problems = check((c) => ({ ...c, modeOrder: { ...c.modeOrder, prioriWs: ["ws", "trtc"] } }));
    // Every kind the real-time modes do not list, in registration order; the video kinds among them.
    const unreached = kindNames.filter((k) => !["ws", "trtc"].some((mode) => shipped.modeKinds[mode]?.includes(k)));
    expect(unreached).toEqual(expect.arrayContaining(["recorder", "fileInput", "wxVideo"]));
    expect(problems).toEqual(unreached.map((k) => `flows/capture.json: modeOrder.prioriWs: capture kind "${k}" is registered but no mode of this order lists it`));
  });

  it("refuses an order whose real-time modes disagree with the h5conf first-mode code", () => {
    // The shipped order with its two real-time modes swapped, every other mode kept where it is
    // (a mode added to the order stays in the swapped one: only the disagreement is refused).
    const swap = (mode: string) => (mode === "ws" ? "trtc" : mode === "trtc" ? "ws" : mode);
    expect(check((c) => ({ ...c, modeOrder: { ...c.modeOrder, prioriWs: c.modeOrder.prioriWs.map(swap) } }))).toEqual([
      "flows/capture.json: modeOrder.prioriWs puts the real-time modes as trtc, ws; the h5conf first-mode code (src/domain/modes.ts realtimeModeOrder) records ws, trtc",
    ]);
  });

  it("refuses a kind whose route is not in routes.json", () => {
    const fewer = { ...defs, routes: { ...defs.routes, routes: defs.routes.routes.filter((r) => r.path !== "/action/ws/record") } };
    expect(crossCheckCapture(shipped, fewer)).toEqual([
      'src/capture/kinds: capture kind "websocket" routes.plain is "/action/ws/record", which flows/routes.json does not define',
      'src/capture/kinds: capture kind "websocket" routes.action is "/action/ws/record", which flows/routes.json does not define',
    ]);
  });
});
