/**
 * Streaming mode end to end in Debian Chromium with the fake camera, against the real
 * service (issue 5): a partner's signed launch with the websocket switched on
 * (ws_mode_switch, which the service requires) goes from the real-time start page through
 * the stream, which the service ends with `verifying` and its attempt, to 核验中 while the
 * service judges the frames it received, then to the result page and back to the partner
 * with a payload the partner kit verifies. The fake pattern shows no face, so the verdict is
 * a failure (1015). A websocket that fails twice is given up for plain recording (spec §4,
 * front-error threshold 2).
 */
import { expect, test, type Page } from "@playwright/test";
import { answerLightNotice } from "./recordingFlow";
import { createLaunch, demoPartner } from "./signedLaunch";
import { expectResultPage, expectVerifying } from "./verdict";

const atPartner = (url: URL) => url.pathname === "/partner-return";

function returnAddress(baseURL: string): string {
  return new URL("/partner-return?keep=1", baseURL).href;
}

/** The hash route once its screen has mounted (the router sets pageId then). */
async function waitForRoute(page: Page, route: string, timeout = 20_000): Promise<void> {
  await page.waitForFunction(
    (expected) => decodeURIComponent(location.hash.replace(/^#/, "").split("?")[0] ?? "") === expected && document.documentElement.dataset.pageId !== undefined,
    route,
    { timeout },
  );
}

/** Serves the partner's return page, so landing there does not depend on the service's 404. */
async function partnerPage(page: Page): Promise<void> {
  await page.route("**/partner-return**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: "<!doctype html><title>partner</title><p>partner page</p>" }),
  );
}

/** From the launch link to the websocket page: login, the real-time start page, its start button. */
async function openStreamPage(page: Page, launchUrl: string): Promise<void> {
  await page.goto(launchUrl);
  await waitForRoute(page, "/action/trtc/pre");
  await page.getByRole("button", { name: "开始验证" }).click();
  // Real-time video is not configured on this service: the real-time page forwards to the stream.
  await waitForRoute(page, "/action/ws/record");
  // Number mode shows the light (flows/checks.json): its notice first, then the stream's start.
  await answerLightNotice(page, "light");
  await expect(page.locator(".ff-realtime")).toHaveAttribute("data-phase", "ready");
}

test.describe("websocket streaming", () => {
  test("streams the camera to the service, which judges the frames (核验中), and the signed failure goes back to the partner", async ({ page, context, baseURL }) => {
    await context.grantPermissions(["camera", "microphone"]);
    await partnerPage(page);
    const partner = demoPartner(baseURL!);
    // One attempt: the verdict ends the order, so the result page hands back a signed result.
    const launch = await createLaunch(baseURL!, { liveType: "1", maxAttempts: 1, launch: { ws_mode_switch: "1" }, returnUrl: returnAddress(baseURL!) });
    const frames: number[] = [];
    const received: string[] = [];
    page.on("websocket", (socket) => {
      socket.on("framesent", (frame) => {
        if (typeof frame.payload !== "string") frames.push(frame.payload.length);
      });
      socket.on("framereceived", (frame) => {
        if (typeof frame.payload === "string") received.push(frame.payload);
      });
    });

    await openStreamPage(page, launch.launchUrl);
    // Number mode: the digits the service issued are shown to be read.
    await expect(page.locator(".ff-rec-digits__value")).toHaveText(/^\d{4}$/);
    await page.getByRole("button", { name: "开始验证" }).click();
    await expect(page.locator(".ff-realtime")).toHaveAttribute("data-phase", "capturing", { timeout: 15_000 });
    await expect(page.getByRole("progressbar", { name: "进度" })).toBeVisible();

    await expectVerifying(page);
    await waitForRoute(page, "/fail", 30_000);
    await expectResultPage(page, "fail", ["活体检测未通过"]);
    // About 10 fps over the number mode's window (2-5 s), each a real JPEG from the fake camera.
    expect(frames.length).toBeGreaterThanOrEqual(20);
    expect(frames.length).toBeLessThanOrEqual(60);
    expect(Math.min(...frames)).toBeGreaterThan(2048);
    // The stream's last word is the attempt it queued for verification, not a verdict.
    expect(JSON.parse(received.at(-1)!)).toEqual({ type: "verifying", attempt: 2 });

    await page.getByRole("button", { name: "返回" }).click({ noWaitAfter: true });
    await page.waitForURL(atPartner);
    const verified = partner.verifyReturn(page.url());
    expect(verified.valid).toBe(true);
    if (!verified.valid) return;
    expect(verified.payload.orderNo).toBe(launch.orderNo);
    expect(verified.payload.h5faceId).toBe(launch.h5_face_id);
    expect(verified.payload.code).toBe("1015");
    expect(new URL(page.url()).searchParams.get("keep")).toBe("1");
    const order = await partner.getOrder(launch.orderNo);
    expect(order.state).toBe("failed");
    // The digits were issued on a pending attempt, which the stream took over (abandoning it).
    expect(order.attempts.map((a) => [a.channel, a.status, a.code])).toEqual([
      ["upload", "abandoned", null],
      ["stream", "failed", "1015"],
    ]);
    expect(order.attempts[1]!.checks.find((c) => c.name === "face")).toMatchObject({ passed: false, detail: expect.stringMatching(/no face/i) });
  });

  test("a websocket that fails twice is given up for plain recording", async ({ page, context, baseURL }) => {
    await context.grantPermissions(["camera", "microphone"]);
    const launch = await createLaunch(baseURL!, { liveType: "1", launch: { ws_mode_switch: "1" }, returnUrl: returnAddress(baseURL!) });
    let connections = 0;
    // The socket is accepted and dropped at once, as a proxy without WebSocket support would.
    await page.routeWebSocket(/\/api\/v1\/stream/, (socket) => {
      connections += 1;
      socket.close({ code: 1011, reason: "broken on purpose" });
    });

    await openStreamPage(page, launch.launchUrl);
    await page.getByRole("button", { name: "开始验证" }).click();
    // First front error: the weak-network screen of a websocket error, with retry.
    await waitForRoute(page, "/error", 20_000);
    await expect(page.locator("[data-status]")).toHaveAttribute("data-status", "seniorException");
    expect(new URL(page.url()).hash).toContain("type=websocket");
    await page.getByRole("button", { name: "重试" }).click();

    // Retry starts over from the root, which still offers the websocket.
    await waitForRoute(page, "/action/trtc/pre");
    await page.getByRole("button", { name: "开始验证" }).click();
    await waitForRoute(page, "/action/ws/record");
    await answerLightNotice(page, "light");
    await page.getByRole("button", { name: "开始验证" }).click();
    // Second front error: the websocket is given up and the user records a plain video instead.
    await waitForRoute(page, "/vertify", 20_000);
    expect(connections).toBe(2);

    // Starting over now skips the real-time pages entirely.
    await page.goto(new URL("/#/", baseURL).href);
    await waitForRoute(page, "/h5pre");
  });
});
