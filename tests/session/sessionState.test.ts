import { describe, expect, it, vi } from "vitest";
import { DOWNGRADE_REASONS, INITIAL_SESSION_STATE } from "../../schemas/session";
import { createSessionState, SESSION_STATE_KEY } from "../../src/session/sessionState";
import { createKycStorage, createMemoryBackend } from "../../src/session/storage";

function newStorage(onCorrupt?: (key: string, issue: string) => void) {
  return createKycStorage({ backend: createMemoryBackend(), cacheId: "face-1", onCorrupt });
}

describe("createSessionState", () => {
  it("starts from the initial state when nothing is stored", () => {
    expect(createSessionState(newStorage()).get()).toEqual(INITIAL_SESSION_STATE);
  });

  it("updates with a recipe and persists, so a reload remembers a given-up mode", () => {
    const storage = newStorage();
    const session = createSessionState(storage);
    session.update((s) => {
      s.trtcFrontErrorTimes += 2;
      s.supportTrtc = false;
      s.deviceInfo.h5downgrade.push(DOWNGRADE_REASONS.trtcFrontError);
    });
    const expected = {
      ...INITIAL_SESSION_STATE,
      trtcFrontErrorTimes: 2,
      supportTrtc: false,
      deviceInfo: { ...INITIAL_SESSION_STATE.deviceInfo, h5downgrade: [2] },
    };
    expect(session.get()).toEqual(expected);
    expect(createSessionState(storage).get()).toEqual(expected);
  });

  it("notifies subscribers of changes until they unsubscribe", () => {
    const session = createSessionState(newStorage());
    const listener = vi.fn();
    const unsubscribe = session.subscribe(listener);
    session.update((s) => {
      s.videoProfile = "480p";
    });
    expect(listener).toHaveBeenCalledOnce();
    expect(listener.mock.calls[0]?.[0]).toMatchObject({ videoProfile: "480p" });
    unsubscribe();
    session.update((s) => {
      s.videoProfile = "720p";
    });
    expect(listener).toHaveBeenCalledOnce();
  });

  it("a recipe that changes nothing keeps the same object, persists nothing and notifies no one", () => {
    const storage = newStorage();
    const session = createSessionState(storage);
    const before = session.get();
    const listener = vi.fn();
    session.subscribe(listener);
    session.update((s) => {
      s.supportWs = true;
    });
    expect(session.get()).toBe(before);
    expect(listener).not.toHaveBeenCalled();
    expect(storage.keys()).toEqual([]);
  });

  it("returns frozen state, so it cannot be changed behind the store's back", () => {
    const session = createSessionState(newStorage());
    expect(() => {
      session.get().supportTrtc = false;
    }).toThrow(TypeError);
    expect(session.get().supportTrtc).toBe(true);
  });

  it("falls back to the initial state when the stored state is invalid, and reports it", () => {
    const onCorrupt = vi.fn();
    const storage = newStorage(onCorrupt);
    storage.setJSON(SESSION_STATE_KEY, { ...INITIAL_SESSION_STATE, trtcFrontErrorTimes: -1 });
    expect(createSessionState(storage).get()).toEqual(INITIAL_SESSION_STATE);
    expect(onCorrupt).toHaveBeenCalledWith(SESSION_STATE_KEY, expect.stringContaining("trtcFrontErrorTimes"));
  });
});
