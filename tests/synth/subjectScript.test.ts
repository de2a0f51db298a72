/**
 * What the SYNTHETIC subject does over time (tests/fixtures/synth/subjectScript.ts): a silent
 * subject sways slightly and blinks every 3-5 s; the action loop performs every action fully and
 * comes back to rest; a speaking mouth follows the voice within 60 ms.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFile } from "node:fs/promises";
import { makeSpeechWav, makeTempDir, removeTempDir } from "../fixtures/mediaMaker";
import { actionLoopScript, parseWav, type ScriptPose, silentScript, speechEnvelope, speechScript } from "../fixtures/synth/subjectScript";

const DEG = Math.PI / 180;
const poses = (script: { poseAt(t: number): ScriptPose }, fromMs: number, toMs: number, stepMs: number) => {
  const out: ScriptPose[] = [];
  for (let t = fromMs; t < toMs; t += stepMs) out.push(script.poseAt(t));
  return out;
};

let dir: string;
beforeAll(async () => {
  dir = await makeTempDir("faceflow-synth-script-");
});
afterAll(() => removeTempDir(dir));

describe("synthetic subject scripts", () => {
  it("silent: a sway of a few degrees at most, a blink every 3-5 s", () => {
    const p = poses(silentScript(3), 0, 30_000, 10);
    expect(Math.max(...p.map((x) => Math.abs(x.yaw)))).toBeLessThan(3 * DEG);
    expect(Math.max(...p.map((x) => Math.abs(x.yaw)))).toBeGreaterThan(0.5 * DEG);
    expect(Math.max(...p.map((x) => x.mouthOpen))).toBe(0);
    const blinks = p.filter((x, k) => x.eyesClosed > 0.5 && (p[k - 1]?.eyesClosed ?? 0) <= 0.5).length;
    expect(blinks).toBeGreaterThanOrEqual(6);
    expect(blinks).toBeLessThanOrEqual(10);
  });

  it("action loop: every period shakes both ways, nods, blinks and opens the mouth, then rests", () => {
    const period = actionLoopScript(1);
    const p = poses(period, 0, 4550, 10); // one period: the four actions and a 300 ms rest after each
    expect(Math.max(...p.map((x) => x.yaw))).toBeGreaterThan(24 * DEG);
    expect(Math.min(...p.map((x) => x.yaw))).toBeLessThan(-24 * DEG);
    expect(Math.max(...p.map((x) => x.pitch))).toBeGreaterThan(14 * DEG);
    expect(Math.max(...p.map((x) => x.eyesClosed))).toBe(1);
    expect(Math.max(...p.map((x) => x.mouthOpen))).toBeGreaterThan(0.85);
    // Back at rest at the end of the period, ready for the next prompt's baseline.
    const end = period.poseAt(4500);
    expect(Math.abs(end.yaw) + Math.abs(end.pitch) + end.mouthOpen).toBeLessThan(4 * DEG);
  });

  it("speech: the mouth opens with the voice, led or lagged by at most 60 ms", async () => {
    const wav = parseWav(new Uint8Array(await readFile(await makeSpeechWav({ dir, text: "一 二 三 四 五" }))));
    const env = speechEnvelope(wav.samples, wav.sampleRate);
    const voiced = env.values.filter((v) => v > 0).length / env.values.length;
    expect(voiced).toBeGreaterThan(0.3);
    expect(voiced).toBeLessThan(0.95);
    const script = speechScript(env, 9);
    const mouth = poses(script, 0, env.values.length * env.stepMs, env.stepMs).map((x) => x.mouthOpen);
    // The shift (in 20 ms steps) that best lines the mouth up with the voice.
    let best = { shift: 0, score: -Infinity };
    for (let shift = -10; shift <= 10; shift++) {
      let score = 0;
      env.values.forEach((v, k) => (score += v * (mouth[k + shift] ?? 0)));
      if (score > best.score) best = { shift, score };
    }
    expect(Math.abs(best.shift * env.stepMs)).toBeLessThanOrEqual(60);
    expect(Math.max(...mouth)).toBeGreaterThan(0.4);
  });
});
