/**
 * A typed view of trtc-sdk-v5's module: only the members faceflow calls, checked when the
 * module is loaded so that a different SDK build fails with a clear message here instead of
 * an undefined property in the middle of an attempt. The SDK's own typings describe far
 * more (and are checked against this shape in tests/capture/trtcModule.test.ts).
 *
 * The module is only ever loaded with import() inside the real-time video handler: it is
 * about a megabyte and would otherwise land in the first screen.
 */
import type { VideoProfile } from "./videoProfile";

/** `enterRoom` parameters faceflow uses (a string room id: one room per order). */
export interface TrtcEnterRoomParams {
  sdkAppId: number;
  userId: string;
  userSig: string;
  strRoomId: string;
  /** The SDK must not play remote audio or video: nobody else is expected in the room. */
  autoReceiveAudio: boolean;
  autoReceiveVideo: boolean;
}

/** `startLocalVideo`: publish a track faceflow opened itself; view null, the page shows its own preview. */
export interface TrtcLocalVideoConfig {
  view: null;
  publish: boolean;
  /** `profile`: the encoding resolution (spec §3 videoProfile, ./videoProfile.ts). */
  option: { videoTrack: MediaStreamTrack; profile?: VideoProfile };
}

export interface TrtcLocalAudioConfig {
  publish: boolean;
  option: { audioTrack: MediaStreamTrack };
}

/** What `TRTC.isSupported()` resolves with (detail lists the individual capabilities). */
interface TrtcSupport {
  result: boolean;
  detail?: Record<string, unknown>;
}

/** One TRTC client (`TRTC.create()`). */
export interface TrtcClient {
  enterRoom(params: TrtcEnterRoomParams): Promise<void>;
  startLocalVideo(config: TrtcLocalVideoConfig): Promise<void>;
  startLocalAudio(config: TrtcLocalAudioConfig): Promise<void>;
  exitRoom(): Promise<void>;
  destroy(): void;
  on(event: string, handler: (...args: unknown[]) => void): unknown;
}

/** The module's default export (the TRTC class). */
export interface TrtcModule {
  create(): TrtcClient;
  isSupported(): Promise<TrtcSupport>;
  /** Event names; faceflow listens to the fatal ones. */
  EVENT: { ERROR: string; KICKED_OUT: string };
}

export class TrtcSdkShapeError extends Error {
  constructor(missing: string) {
    super(`trtc-sdk-v5 did not provide ${missing}; faceflow expects the v5 module shape`);
    this.name = "TrtcSdkShapeError";
  }
}

type Method = (...args: unknown[]) => unknown;

function isObjectLike(value: unknown): value is Record<string, unknown> {
  return (typeof value === "object" || typeof value === "function") && value !== null;
}

function method(owner: Record<string, unknown>, name: string, where: string): Method {
  const found = owner[name];
  if (typeof found !== "function") throw new TrtcSdkShapeError(`${where}.${name}()`);
  return (...args: unknown[]) => Reflect.apply(found, owner, args);
}

function eventName(events: Record<string, unknown>, key: string): string {
  const value = events[key];
  if (typeof value !== "string") throw new TrtcSdkShapeError(`TRTC.EVENT.${key}`);
  return value;
}

function isSupport(value: unknown): value is TrtcSupport {
  return isObjectLike(value) && typeof value.result === "boolean";
}

function clientFrom(raw: unknown): TrtcClient {
  if (!isObjectLike(raw)) throw new TrtcSdkShapeError("a client from TRTC.create()");
  const call = (name: string) => method(raw, name, "trtc");
  const enterRoom = call("enterRoom");
  const startLocalVideo = call("startLocalVideo");
  const startLocalAudio = call("startLocalAudio");
  const exitRoom = call("exitRoom");
  const destroy = call("destroy");
  const on = call("on");
  return {
    enterRoom: async (params) => void (await enterRoom(params)),
    startLocalVideo: async (config) => void (await startLocalVideo(config)),
    startLocalAudio: async (config) => void (await startLocalAudio(config)),
    exitRoom: async () => void (await exitRoom()),
    destroy: () => void destroy(),
    on: (event, handler) => on(event, handler),
  };
}

/**
 * Check a loaded module namespace and wrap it. The package ships a UMD build, which a
 * bundler hands over as the namespace's default export; a namespace without one is taken
 * as the class itself.
 */
export function trtcModuleFrom(namespace: unknown): TrtcModule {
  const sdk = isObjectLike(namespace) && "default" in namespace ? namespace.default : namespace;
  if (!isObjectLike(sdk)) throw new TrtcSdkShapeError("its default export");
  const create = method(sdk, "create", "TRTC");
  const isSupported = method(sdk, "isSupported", "TRTC");
  const events = sdk.EVENT;
  if (!isObjectLike(events)) throw new TrtcSdkShapeError("TRTC.EVENT");
  return {
    create: () => clientFrom(create()),
    async isSupported() {
      const answer: unknown = await isSupported();
      if (!isSupport(answer)) throw new TrtcSdkShapeError("a { result } from TRTC.isSupported()");
      return answer;
    },
    EVENT: { ERROR: eventName(events, "ERROR"), KICKED_OUT: eventName(events, "KICKED_OUT") },
  };
}

/** The real loader: the only place the SDK is imported, always dynamically. */
export async function loadTrtcModule(): Promise<TrtcModule> {
  return trtcModuleFrom(await import("trtc-sdk-v5"));
}
