/**
 * What a real-time page asks of its attempt and shows around it, from the launch and its
 * route: one selector both real-time screens call (/action/trtc/record with its will variant,
 * /action/ws/record), so the two cannot work their attempt options out apart. The stream
 * carries pictures only: no microphone, no spoken consent (in will mode the ws page forwards
 * on arrival, realtimeArrival.ts). Real-time video asks for what its check needs, and the
 * route, not the launch, says whether it is the will variant (routes.json props.will).
 */
import type { LaunchParams } from "../../../schemas/launch";
import { isWillMode, liveModeOf, type RealtimeMode } from "../../domain/modes";
import { actionCodesOf, needsMicrophone, type ActionCode } from "../startPlan";
import type { AttemptOptions } from "./ports";
import { selectNeeds } from "./selectors";
import type { TextKey } from "./textRef";

/** Which real-time page: real-time video (its route says whether it is the will variant), or the frame stream. */
export type RealtimeRoute = { mode: "trtc"; will: boolean } | { mode: "ws" };

export interface RealtimePage {
  mode: RealtimeMode;
  /** The attempt machine's options (useAttempt's). */
  options: AttemptOptions & { page: "realtime"; realtimeMode: RealtimeMode };
  /** What the page calls its capture, over the heading. */
  badge: Extract<TextKey<"recorder">, "badgeRealtime" | "badgeStream">;
  /** The line saying what the page will use: the camera, or the camera and the microphone. */
  needs: ReturnType<typeof selectNeeds>;
  /** What the prompt shows beside the digits, the question or the actions of the request. */
  prompt: {
    /** The consent question and its answer (never on the stream). */
    will: boolean;
    /** will_type 2: the consent is a nod. */
    nod: boolean;
    /** The asked-for actions in order (action mode). */
    actions: readonly ActionCode[];
  };
}

/** @example const page = selectRealtimePage(launch, { mode: "trtc", will: props.will }); useAttempt(page.options, next); */
export function selectRealtimePage(launch: LaunchParams, route: RealtimeRoute): RealtimePage {
  const liveMode = liveModeOf(launch);
  const actions = liveMode === "action" ? actionCodesOf(launch) : [];
  if (route.mode === "ws") {
    const options = { page: "realtime", realtimeMode: "ws", liveMode, will: isWillMode(launch), audio: false, actions } as const;
    return { mode: "ws", options, badge: "badgeStream", needs: selectNeeds(options), prompt: { will: false, nod: false, actions } };
  }
  const { will } = route;
  const options = { page: "realtime", realtimeMode: "trtc", liveMode, will, audio: needsMicrophone(liveMode, will), actions } as const;
  return { mode: "trtc", options, badge: "badgeRealtime", needs: selectNeeds(options), prompt: { will, nod: launch.will_type === "2", actions } };
}
