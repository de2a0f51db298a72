/**
 * The SYNTHETIC browser camera (e2e/synthCamera.ts): its init script is valid JavaScript that
 * leaves a page without mediaDevices alone, and in real Chromium a page's getUserMedia gets a
 * camera whose face turns blue when the page shows blue light, while the wall behind barely does,
 * and which opens its mouth when the page's prompt asks for it.
 */
import { runInNewContext, Script } from "node:vm";
import { chromium } from "playwright-core";
import { describe, expect, it } from "vitest";
import { installSynthCamera, synthCameraScript } from "../../e2e/synthCamera";

const PAGE = `<!doctype html><html><body style="margin:0;background:#d9d9d9">
<video id="v" autoplay muted playsinline width="640" height="480"></video>
<div id="prompt" data-action-code="2"></div>
<script>
  const v = document.getElementById("v");
  window.start = async () => {
    // Constraints a fake device cannot meet must not make it throw.
    const s = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { exact: "user" }, frameRate: { exact: 60 } }, audio: true });
    v.srcObject = s;
    await v.play();
    const kinds = (await navigator.mediaDevices.enumerateDevices()).map((d) => d.kind).sort();
    return { video: s.getVideoTracks().length, audio: s.getAudioTracks().length, kinds };
  };
  /** The largest mouth opening the camera drew over the next \`ms\`. */
  window.widestMouth = (ms) => new Promise((resolve) => {
    let widest = 0;
    const t0 = performance.now();
    const poll = () => {
      widest = Math.max(widest, window.__synthCamera.pose()?.mouthOpen ?? 0);
      if (performance.now() - t0 < ms) setTimeout(poll, 20); else resolve(widest);
    };
    poll();
  });
  /**
   * Mean R, G, B of the face's middle (nose and inner cheeks, 120x80 px) and of the wall's corner,
   * over four frames 120 ms apart: the head's sway moves the skin's texture under a small patch.
   */
  window.sample = async () => {
    const c = document.createElement("canvas");
    c.width = 640; c.height = 480;
    const ctx = c.getContext("2d");
    const mean = (x, y, w, h) => {
      const d = ctx.getImageData(x, y, w, h).data;
      const s = [0, 0, 0];
      for (let i = 0; i < d.length; i += 4) { s[0] += d[i]; s[1] += d[i + 1]; s[2] += d[i + 2]; }
      return s.map((x) => x / (w * h));
    };
    const sum = { face: [0, 0, 0], wall: [0, 0, 0] };
    for (let k = 0; k < 4; k++) {
      ctx.drawImage(v, 0, 0, 640, 480);
      mean(260, 200, 120, 80).forEach((x, i) => (sum.face[i] += x / 4));
      mean(10, 10, 80, 80).forEach((x, i) => (sum.wall[i] += x / 4));
      await new Promise((r) => setTimeout(r, 120));
    }
    return sum;
  };
</script></body></html>`;

describe("synthetic browser camera", () => {
  it("bundles into a script that parses and leaves a page without mediaDevices alone", async () => {
    const script = await synthCameraScript({ script: "silent", lighting: "indoor" });
    expect(() => new Script(script)).not.toThrow();
    const sandbox: Record<string, unknown> = { atob, performance, setTimeout };
    runInNewContext(script, sandbox);
    expect(sandbox.__synthCamera).toBeUndefined();
  });

  it("in Chromium, the face follows the page's light colour and the wall barely does, and acts on the page's cue", async () => {
    const browser = await chromium.launch({
      executablePath: "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--autoplay-policy=no-user-gesture-required"],
    });
    try {
      const page = await browser.newPage();
      // "actions" cued by the page (its prompt asks for a blink from the start): no looping head
      // motion while the light is measured.
      await installSynthCamera(page, { script: "actions", lighting: "dim" });
      await page.route("http://localhost/synth.html", (route) => route.fulfill({ contentType: "text/html", body: PAGE }));
      await page.goto("http://localhost/synth.html");
      const started = await page.evaluate("start()");
      expect(started).toEqual({ video: 1, audio: 1, kinds: ["audioinput", "videoinput"] });
      await page.waitForTimeout(800);
      type Sample = { face: number[]; wall: number[] };
      const grey = (await page.evaluate("sample()")) as Sample;
      await page.evaluate(`document.body.insertAdjacentHTML("beforeend", '<div data-light-color="#0000ff"></div>')`);
      await page.waitForTimeout(800);
      const blue = (await page.evaluate("sample()")) as Sample;
      const stats = (await page.evaluate("window.__synthCamera.stats()")) as { frames: number; meanRenderMs: number };
      console.log(`synthetic camera: ${stats.frames} frames, ${stats.meanRenderMs.toFixed(1)} ms a render; grey→blue`, JSON.stringify({ grey, blue }));
      // Blue over red: the screen went from grey (0.85 each) to blue (0, 0, 1). Dim room (share 0.8,
      // warm ambient 1/0.92/0.82), nose square to it (cos ~0.8): B ×1.08, R ×0.65, ratio ×~1.65
      // (measured 1.60 over four frames; 1.40-1.63 on a nose-sized patch of one frame, with the
      // sway); the wall (0.1 of the share): ×~1.09.
      const ratio = (rgb: number[]) => (rgb[2] as number) / Math.max(1, rgb[0] as number);
      const faceGain = ratio(blue.face) / ratio(grey.face);
      const wallGain = ratio(blue.wall) / ratio(grey.wall);
      expect(faceGain).toBeGreaterThan(1.3);
      expect(faceGain - 1).toBeGreaterThan(3 * (wallGain - 1));
      expect(stats.frames).toBeGreaterThan(10);
      // The prompt now asks to open the mouth: done within ~0.6 s of reaction plus 0.8 s.
      const before = (await page.evaluate("widestMouth(300)")) as number;
      await page.evaluate(`document.getElementById("prompt").setAttribute("data-action-code", "3")`);
      const after = (await page.evaluate("widestMouth(1800)")) as number;
      expect(before).toBe(0);
      expect(after).toBeGreaterThan(0.8);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
