// @vitest-environment jsdom
/**
 * The preview's held picture (src/ui/screens/useCameraPreview.ts): when the capture ends the
 * picture on the preview is drawn once, at most 640 px wide, and kept as the still the page
 * shows dimmed while it waits; a new stream, the attempt starting over or the page going away
 * let it go. jsdom draws nothing, so the window's canvas is a stand-in that records the drawing.
 */
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useCameraPreview } from "../../../src/ui/screens/useCameraPreview";

/** A window whose canvases record what is drawn on them and encode it as a JPEG data URL naming its size. */
function drawingWindow() {
  const drawn: { width: number; height: number; from: unknown }[] = [];
  const createElement = document.createElement.bind(document);
  const win = Object.create(window) as Window;
  Object.defineProperty(win, "document", {
    value: Object.assign(Object.create(document) as Document, {
      createElement: (tag: string) => {
        if (tag !== "canvas") return createElement(tag);
        const canvas = { width: 0, height: 0 } as { width: number; height: number; getContext(kind: string): unknown; toDataURL(type: string): string };
        canvas.getContext = () => ({ drawImage: (from: unknown, _x: number, _y: number, w: number, h: number) => void drawn.push({ width: w, height: h, from }) });
        canvas.toDataURL = (type: string) => `data:${type};base64,${canvas.width}x${canvas.height}`;
        return canvas;
      },
    }),
  });
  return { win, drawn };
}

/** A <video> showing a picture of `width` × `height` (jsdom's own report 0 × 0). */
function videoShowing(width: number, height: number): HTMLVideoElement {
  const video = document.createElement("video");
  Object.defineProperty(video, "videoWidth", { value: width });
  Object.defineProperty(video, "videoHeight", { value: height });
  return video;
}

const stream = {} as MediaStream;

function preview(win: Window) {
  return renderHook(() => useCameraPreview({ win, frameWaitMs: 60_000, onStall: () => undefined }));
}

describe("the preview's held picture", () => {
  it("draws the picture shown when the capture ends, at most 640 px wide, and keeps it after the stream is cleared", () => {
    const { win, drawn } = drawingWindow();
    const { result } = preview(win);
    const video = videoShowing(1280, 720);
    act(() => result.current.videoRef(video));
    act(() => result.current.show(stream));
    expect(result.current.still).toBeNull();
    act(() => result.current.hold());
    expect(drawn).toEqual([{ width: 640, height: 360, from: video }]);
    expect(result.current.still).toBe("data:image/jpeg;base64,640x360");
    act(() => result.current.clear());
    expect(video.srcObject).toBeNull();
    expect(result.current.still).toBe("data:image/jpeg;base64,640x360");
  });

  it("holds from the element that showed the stream even once the page stopped showing it (a stream's last frames)", () => {
    const { win, drawn } = drawingWindow();
    const { result } = preview(win);
    const video = videoShowing(640, 480);
    act(() => result.current.videoRef(video));
    act(() => result.current.show(stream));
    act(() => result.current.videoRef(null));
    act(() => result.current.hold());
    expect(drawn.map((d) => d.from)).toEqual([video]);
    expect(result.current.still).toBe("data:image/jpeg;base64,640x480");
  });

  it("lets the picture go on release, on a new stream, and holds nothing from a preview without a picture", () => {
    const { win } = drawingWindow();
    const { result } = preview(win);
    act(() => result.current.videoRef(videoShowing(640, 480)));
    act(() => result.current.show(stream));
    act(() => result.current.hold());
    act(() => result.current.release());
    expect(result.current.still).toBeNull();
    act(() => result.current.hold());
    act(() => result.current.show(stream));
    expect(result.current.still).toBeNull();
    act(() => result.current.videoRef(videoShowing(0, 0)));
    act(() => result.current.hold());
    expect(result.current.still).toBeNull();
  });
});
