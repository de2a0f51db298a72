/**
 * Spec §5 "Messaging-app code valid only if longer than 6 characters" (and §9 "Auth code
 * threshold"), as the shipped navigation guard applies it at step 7 (spec §2): a page that
 * needs the code treats a cached code of 6 characters or fewer as missing and fetches a new
 * one; a longer code lets the user through.
 */
import { describe, expect, it } from "vitest";
import { ctx, engine, landing } from "../engine/fixtures";

/** A messaging-app start page (needs the code), inside the messaging app, with the switch on. */
const onWxStartPage = (wxAuthCode: string | undefined) =>
  landing(
    engine.guard(
      ctx({ name: "pre", device: { wxCameraUsable: true, wxCodeObtainable: true }, settings: { tldSwitch: true }, session: { wxAuthCode } }),
    ),
  );

describe("spec §5: an auth code counts only if longer than 6 characters", () => {
  it.each(["1", "abc", "123456"])("a cached code %j is not enough: the page leaves to obtain a real one", (code) => {
    expect(onWxStartPage(code)).toMatch(/^full:https:\/\/open\.weixin\.qq\.com\/connect\/oauth2\/authorize\?/);
  });

  it.each(["1234567", "0313abcdefgh"])("a code of more than 6 characters (%j) lets the user onto the page", (code) => {
    expect(onWxStartPage(code)).toBe("allow");
  });

  it("no code at all still leaves to obtain one", () => {
    expect(onWxStartPage(undefined)).toMatch(/^full:/);
  });
});
