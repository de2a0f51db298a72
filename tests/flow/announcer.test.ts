/**
 * The announcer says what changed, once it held, and never floods: tested with a hand-driven
 * clock, the way a screen reader user would hear a page whose view changes every frame.
 */
import { describe, expect, it } from "vitest";
import { COUNTDOWN_POLICY, createAnnouncer, HINT_POLICY, progressKey, PROGRESS_POLICY, PROMPT_POLICY, type AnnouncePolicy, type AnnouncerTimers } from "../../src/flow/announcer";

function manualTimers() {
  let now = 0;
  let nextId = 1;
  const due = new Map<number, { at: number; run: () => void }>();
  const timers: AnnouncerTimers = {
    now: () => now,
    setTimeout(run, ms) {
      const id = nextId++;
      due.set(id, { at: now + ms, run });
      return id;
    },
    clearTimeout(handle) {
      due.delete(handle as number);
    },
  };
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const first = [...due.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!first) break;
      due.delete(first[0]);
      now = first[1].at;
      first[1].run();
    }
    now = until;
  };
  return { timers, advance };
}

function announcerWith(policy: AnnouncePolicy) {
  const clock = manualTimers();
  const said: string[] = [];
  const announcer = createAnnouncer(policy, clock.timers, (text) => said.push(text));
  return { announcer, said, advance: clock.advance };
}

describe("announcer", () => {
  it("says a prompt at once, and only when it changes", () => {
    const { announcer, said } = announcerWith(PROMPT_POLICY);
    announcer.offer({ text: "请朗读 1 2 3 4" });
    announcer.offer({ text: "请朗读 1 2 3 4" });
    announcer.offer({ text: "第 1/2 个动作 请摇头" });
    expect(said).toEqual(["请朗读 1 2 3 4", "第 1/2 个动作 请摇头"]);
  });

  it("says a hint only once it has held for a second", () => {
    const { announcer, said, advance } = announcerWith(HINT_POLICY);
    announcer.offer({ text: "请靠近一点" });
    advance(900);
    expect(said).toEqual([]);
    advance(100);
    expect(said).toEqual(["请靠近一点"]);
  });

  it("never says a hint that flickers every frame, then says the one that settles", () => {
    const { announcer, said, advance } = announcerWith(HINT_POLICY);
    for (let frame = 0; frame < 60; frame++) {
      announcer.offer({ text: frame % 2 === 0 ? "请靠近一点" : "请将面部移到框的中间" });
      advance(100);
    }
    expect(said).toEqual([]);
    announcer.offer({ text: "很好，请保持" });
    advance(1000);
    expect(said).toEqual(["很好，请保持"]);
  });

  it("does not say a hint again that comes back to what was said last", () => {
    const { announcer, said, advance } = announcerWith(HINT_POLICY);
    announcer.offer({ text: "请靠近一点" });
    advance(2000);
    announcer.offer({ text: "请离远一点" });
    advance(300);
    announcer.offer({ text: "请靠近一点" });
    advance(3000);
    expect(said).toEqual(["请靠近一点"]);
  });

  it("counts a countdown down once a second at most", () => {
    const { announcer, said, advance } = announcerWith(COUNTDOWN_POLICY);
    announcer.offer({ text: "3" });
    advance(200);
    announcer.offer({ text: "2" });
    advance(200);
    announcer.offer({ text: "1" });
    expect(said).toEqual(["3"]);
    advance(600);
    expect(said).toEqual(["3", "1"]);
  });

  it("says 40 progress updates in a few announcements: one per quarter or step, two seconds apart", () => {
    const { announcer, said, advance } = announcerWith(PROGRESS_POLICY);
    for (let i = 0; i <= 40; i++) {
      const fraction = i / 40;
      announcer.offer({ key: progressKey("upload", fraction), text: `已上传 ${Math.round(fraction * 100)}%` });
      advance(250);
    }
    advance(5000);
    expect(said.length).toBeGreaterThanOrEqual(2);
    expect(said.length).toBeLessThanOrEqual(5);
    expect(said[0]).toBe("已上传 0%");
    expect(said.at(-1)).toBe("已上传 100%");
  });

  it("says a new step at once when the last announcement is old enough", () => {
    const { announcer, said, advance } = announcerWith(PROGRESS_POLICY);
    announcer.offer({ key: progressKey("decoding", 0.1), text: "解码视频，已完成 10%" });
    announcer.offer({ key: progressKey("decoding", 0.2), text: "解码视频，已完成 20%" });
    advance(3000);
    announcer.offer({ key: progressKey("analysing", 0.3), text: "分析人脸，已完成 30%" });
    expect(said).toEqual(["解码视频，已完成 10%", "分析人脸，已完成 30%"]);
  });

  it("clears the region when there is nothing to say, and drops what was pending", () => {
    const { announcer, said, advance } = announcerWith(HINT_POLICY);
    announcer.offer({ text: "请靠近一点" });
    advance(1000);
    announcer.offer({ text: "请离远一点" });
    advance(500);
    announcer.offer(null);
    advance(2000);
    expect(said).toEqual(["请靠近一点", ""]);
  });

  it("says nothing after it was disposed", () => {
    const { announcer, said, advance } = announcerWith(HINT_POLICY);
    announcer.offer({ text: "请靠近一点" });
    announcer.dispose();
    advance(2000);
    expect(said).toEqual([]);
  });

  it("keys progress by quarter", () => {
    expect(progressKey("analysing", 0.42)).toBe("analysing:1");
    expect(progressKey("analysing", 1)).toBe("analysing:4");
    expect(progressKey("analysing", -3)).toBe("analysing:0");
  });
});
