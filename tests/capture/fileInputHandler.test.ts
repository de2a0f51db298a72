/**
 * The file input against a document double: the input it makes (off the page, video only,
 * front camera), that it is clicked inside start() (the user's tap), the picked file handed
 * over with its duration read from a <video>'s metadata, and the ways a pick ends without
 * a file. The real browser run (Playwright's file chooser) is e2e/capture.spec.ts.
 */
import { describe, expect, it, vi } from "vitest";
import type { CaptureDeps, CaptureOutcome, CaptureRequest } from "../../src/capture/contract";
import { createFileInputHandler } from "../../src/capture/fileInputHandler";

const flush = async () => {
  for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
};

type Listener = () => void;

class FakeElement {
  readonly attributes = new Map<string, string>();
  private readonly listeners = new Map<string, Set<Listener>>();
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
  removeAttribute(name: string) {
    this.attributes.delete(name);
  }
  addEventListener(type: string, listener: Listener) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }
  removeEventListener(type: string, listener: Listener) {
    this.listeners.get(type)?.delete(listener);
  }
  emit(type: string) {
    for (const listener of [...(this.listeners.get(type) ?? [])]) listener();
  }
  listenerCount(type: string) {
    return this.listeners.get(type)?.size ?? 0;
  }
}

class FakeInput extends FakeElement {
  type = "";
  accept = "";
  value = "";
  files: File[] | null = null;
  onchange: (() => void) | null = null;
  click = vi.fn();
  parentNode = null;
  pick(file: File | null) {
    this.files = file ? [file] : [];
    this.onchange?.();
  }
}

/** What the probe <video> reports once it has loaded a file's metadata. */
type Metadata = { duration: number; later?: number } | "error" | "silent";

class FakeVideo extends FakeElement {
  preload = "";
  muted = false;
  duration = NaN;
  private seekedTo: number | null = null;
  constructor(private readonly metadata: Metadata) {
    super();
  }
  set src(_url: string) {
    queueMicrotask(() => {
      if (this.metadata === "silent") return;
      if (this.metadata === "error") return this.emit("error");
      this.duration = this.metadata.duration;
      this.emit("loadedmetadata");
    });
  }
  set currentTime(to: number) {
    this.seekedTo = to;
    const later = this.metadata !== "error" && this.metadata !== "silent" ? this.metadata.later : undefined;
    if (later !== undefined) {
      queueMicrotask(() => {
        this.duration = later;
        this.emit("durationchange");
      });
    }
  }
  get currentTime() {
    return this.seekedTo ?? 0;
  }
}

function setup(metadata: Metadata = { duration: 3.2 }) {
  const inputs: FakeInput[] = [];
  const videos: FakeVideo[] = [];
  const timers = new Map<number, () => void>();
  let nextTimer = 0;
  const url = { createObjectURL: vi.fn(() => "blob:fake/1"), revokeObjectURL: vi.fn() };
  const win = {
    document: {
      createElement: (tag: string) => {
        if (tag === "input") return inputs[inputs.push(new FakeInput()) - 1];
        if (tag === "video") return videos[videos.push(new FakeVideo(metadata)) - 1];
        throw new Error(`unexpected element ${tag}`);
      },
    },
    URL: url,
    setTimeout: (run: () => void) => {
      nextTimer += 1;
      timers.set(nextTimer, run);
      return nextTimer;
    },
    clearTimeout: (id: number) => void timers.delete(id),
  };
  const handler = createFileInputHandler({ win: win as unknown as Window, now: () => 0, api: {}, launch: {} } as unknown as CaptureDeps);
  let outcome: CaptureOutcome | undefined;
  const begin = () => {
    void handler.start(REQUEST, () => undefined).then((o) => (outcome = o));
  };
  return { handler, inputs, videos, url, timers, begin, outcome: () => outcome, fireTimeout: () => [...timers.values()].forEach((run) => run()) };
}

const REQUEST: CaptureRequest = { liveMode: "number", will: false, digits: "1234", actions: [], question: null, durationMs: { min: 2000, max: 5000 }, audio: true, facing: "user", promptLeadMs: 0 };
const file = (type = "video/mp4") => new File([new Uint8Array(80 * 1024)], "VID_0001.mp4", { type });

describe("file input handler", () => {
  it("makes a video-only input for the front camera off the page and clicks it inside start()", () => {
    const t = setup();
    t.begin();
    const input = t.inputs[0]!;
    expect(input.type).toBe("file");
    expect(input.accept).toBe("video/*");
    expect(input.attributes.get("capture")).toBe("user");
    expect(input.parentNode).toBeNull();
    // Synchronously: a chooser opens only from the user's gesture.
    expect(input.click).toHaveBeenCalledTimes(1);
  });

  it("asks for the back camera once the user switched (capture=environment, spec §5)", () => {
    const t = setup();
    void t.handler.start({ ...REQUEST, facing: "environment" }, () => undefined);
    expect(t.inputs[0]!.attributes.get("capture")).toBe("environment");
  });

  it("hands over the picked file with the duration its metadata declares", async () => {
    const t = setup({ duration: 3.2 });
    t.begin();
    const picked = file();
    t.inputs[0]!.pick(picked);
    await flush();
    expect(t.outcome()).toEqual({ kind: "recording", blob: picked, mimeType: "video/mp4", durationMs: 3200 });
    expect(t.url.revokeObjectURL).toHaveBeenCalledWith("blob:fake/1");
    expect(t.videos[0]!.preload).toBe("metadata");
    expect(t.timers.size).toBe(0);
  });

  it("makes a WebM without a declared duration report its real one by seeking past the end", async () => {
    const t = setup({ duration: Infinity, later: 2.75 });
    t.begin();
    t.inputs[0]!.pick(file("video/webm"));
    await flush();
    expect(t.videos[0]!.currentTime).toBe(Number.MAX_SAFE_INTEGER);
    expect(t.outcome()).toMatchObject({ kind: "recording", mimeType: "video/webm", durationMs: 2750 });
  });

  it.each([
    ["the browser cannot read the file", "error" as const],
    ["the metadata never arrives", "silent" as const],
    ["the file declares no usable duration", { duration: NaN }],
  ])("reports duration 0 (unknown, left to the service) when %s", async (_name, metadata) => {
    const t = setup(metadata);
    t.begin();
    t.inputs[0]!.pick(file());
    await flush();
    if (metadata === "silent") {
      expect(t.outcome()).toBeUndefined();
      t.fireTimeout();
      await flush();
    }
    expect(t.outcome()).toMatchObject({ kind: "recording", durationMs: 0 });
    expect(t.url.revokeObjectURL).toHaveBeenCalled();
  });

  it("a chooser closed without a file, or reported as cancelled, cancels the attempt", async () => {
    const closed = setup();
    closed.begin();
    closed.inputs[0]!.pick(null);
    await flush();
    expect(closed.outcome()).toEqual({ kind: "cancelled" });

    const cancelled = setup();
    cancelled.begin();
    cancelled.inputs[0]!.emit("cancel");
    await flush();
    expect(cancelled.outcome()).toEqual({ kind: "cancelled" });
    expect(cancelled.inputs[0]!.listenerCount("cancel")).toBe(0);
  });

  it("dispose cancels a pending pick and ignores a file chosen afterwards", async () => {
    const t = setup();
    t.begin();
    const input = t.inputs[0]!;
    t.handler.dispose();
    t.handler.dispose();
    await flush();
    expect(t.outcome()).toEqual({ kind: "cancelled" });
    expect(input.onchange).toBeNull();
  });

  it("dispose while the duration is being read still ends in cancelled", async () => {
    const t = setup("silent");
    t.begin();
    t.inputs[0]!.pick(file());
    await flush();
    t.handler.dispose();
    t.fireTimeout();
    await flush();
    expect(t.outcome()).toEqual({ kind: "cancelled" });
  });

  it("picks one recording per handler; stop does nothing (the camera app ends its own recording)", async () => {
    const t = setup();
    t.begin();
    t.handler.stop();
    await expect(t.handler.start(REQUEST, () => undefined)).rejects.toThrow(/one recording/);
  });
});
