/**
 * Being in the order's real-time video room: enter with the service's ticket, publish the
 * camera (and microphone) tracks faceflow opened itself, and leave. Leaving always exits
 * the room and destroys the client, also after a failure half-way, because a client left
 * in the room keeps publishing the user's camera.
 */
import type { TrtcRoomConfig } from "../../../schemas/api";
import type { TrtcClient, TrtcModule } from "./trtcModule";
import type { VideoProfile } from "./videoProfile";

interface TrtcRoomSession {
  /** Exit and destroy; safe to call more than once. */
  leave(): Promise<void>;
}

interface JoinRoomInput {
  sdk: TrtcModule;
  room: TrtcRoomConfig;
  videoTrack: MediaStreamTrack;
  /** Published only when the check records sound (number and will mode). */
  audioTrack: MediaStreamTrack | null;
  /** The encoding profile of spec §3 videoProfile ("480p"). */
  profile: VideoProfile;
  /** A fatal SDK event after entering (error, kicked out): the attempt cannot go on. */
  onFatal(kind: "error" | "kickedOut"): void;
}

function leaveOnce(client: TrtcClient): () => Promise<void> {
  let leaving: Promise<void> | null = null;
  return () =>
    (leaving ??= (async () => {
      try {
        await client.exitRoom();
      } catch {
        // Not in the room (entering failed) or the connection is gone: destroying is what is left.
      }
      client.destroy();
    })());
}

/** Enter and publish; rejects (after leaving) when any step fails. */
export async function joinRoom(input: JoinRoomInput): Promise<TrtcRoomSession> {
  const { sdk, room } = input;
  const client = sdk.create();
  const leave = leaveOnce(client);
  let active = true;
  client.on(sdk.EVENT.ERROR, () => active && input.onFatal("error"));
  client.on(sdk.EVENT.KICKED_OUT, () => active && input.onFatal("kickedOut"));
  try {
    await client.enterRoom({
      sdkAppId: room.sdkAppId,
      userId: room.userId,
      userSig: room.userSig,
      strRoomId: room.roomId,
      autoReceiveAudio: false,
      autoReceiveVideo: false,
    });
    await client.startLocalVideo({ view: null, publish: true, option: { videoTrack: input.videoTrack, profile: input.profile } });
    if (input.audioTrack) await client.startLocalAudio({ publish: true, option: { audioTrack: input.audioTrack } });
  } catch (error) {
    active = false;
    await leave();
    throw error;
  }
  return {
    leave: () => {
      active = false;
      return leave();
    },
  };
}
