/**
 * Finish, retry, quit and leave (spec §4, §6): hands the result back to the partner, by redirecting to
 * the stored return address or, inside a mini-program, by posting a `returnData` message and
 * navigating back. Framework-free; the browser, storage, clock, toast and SDK are injected so
 * every branch is unit-tested.
 *
 * @example
 *   const finisher = createFinisher({ location: window.location, storage, clock: Date, … });
 *   await finisher.finish({ code: "0", signature, liveRate });
 */
import type { LaunchKey } from "../../schemas/launch";
import { buildReturnPayload, buildReturnUrl, type ReturnPayload, type ReturnUrlRefusal, type ReturnValues } from "./returnUrl";
import type { WxFacade, WxLoader } from "./wx";

/** A second hand-back within this many ms only shows the processing toast (spec §9). */
export const REDIRECT_DEBOUNCE_MS = 5000;

/** Routes of the real-time video flow; leaving them on iOS needs a full reload to free the camera. */
const TRTC_ROUTE_PREFIX = "/action/trtc/";

/** Things worth a diagnostic report; none of them is shown to the user beyond the toast. */
export type FinishReport =
  | { type: "returnUrlRefused"; reason: ReturnUrlRefusal | UnsignedRefusal; detail: string }
  | { type: "wxUnavailable"; message: string };

/**
 * What the service answered about an unsigned launch's return address: "allowed" (the order's
 * partner app allows it), "notAllowed" (refused, or no session to vouch with), "unavailable"
 * (no answer: the user may try again).
 */
export type ReturnUrlCheck = "allowed" | "notAllowed" | "unavailable";

/** Why an unsigned launch's return address was not followed. */
type UnsignedRefusal = "notVouched";

/** The launch parameters the finisher reads. */
export type StoredLaunchKey = Extract<LaunchKey, "url" | "redirect_type" | "order_no" | "h5_face_id">;

export interface FinisherDeps {
  /** window.location in the browser. reload() is used by retry on iOS after a trtc route. */
  location: { replace(url: string): void; assign(url: string): void; reload(): void };
  /** Reads a stored launch parameter (spec §3 "Session"): url, redirect_type, order_no, h5_face_id. */
  storage: { get(key: StoredLaunchKey): string | undefined };
  /**
   * Clears every launch field not kept after finishing and sets url to the text "null"
   * (spec §4; src/session/launchParams.ts clearLaunchFields does both).
   */
  clearLaunchFields(): void;
  /**
   * True when the stored url came from an unsigned launch's query (stored `urlUnsigned`): it is
   * followed only once the service vouches for it (spec §3 `url`; docs/differencesFromSpec.md).
   */
  isReturnUrlUnsigned(): boolean;
  /** Asks the service about an unsigned return address (ApiClient.checkReturnUrl). */
  checkReturnUrl(url: string): Promise<ReturnUrlCheck>;
  clock: { now(): number };
  /** The page's toast: the runtime's ToastController, named by the part used, as the runtime sits above finish. */
  toast: { show(options: { type?: "error"; msg: string }): void };
  loadWx: WxLoader;
  /** True inside a mini-program web view (e.g. window.__wxjs_environment === "miniprogram"). */
  isMiniProgram(): boolean;
  isIOS(): boolean;
  /** The router's navigate; retry replaces the current route with "/". */
  navigate(to: string, options: { replace: boolean }): void;
  /** Path of the current route and of the one before it, to know whether a trtc route was just left. */
  currentPath(): string;
  previousPath(): string | undefined;
  report(event: FinishReport): void;
  /** The toast while a hand-back is under way or could not start (texts "common.processing"). */
  busyText: string;
  /** The toast when the service refuses an unsigned return address (texts "common.returnUrlNotAllowed"). */
  notAllowedText: string;
}

type FinishOutcome =
  | { kind: "redirected"; url: string; method: "replace" | "assign" }
  | { kind: "posted"; payload: ReturnPayload }
  /** Left the mini-program web view without a message (leave: nothing to hand back). */
  | { kind: "navigatedBack" }
  | { kind: "busy" }
  | { kind: "noReturnAddress" }
  | { kind: "refused"; reason: ReturnUrlRefusal | UnsignedRefusal }
  | { kind: "sdkUnavailable" };

export interface Finisher {
  /** Hands the result values back; orderNo and h5faceId default to the stored launch values. */
  finish(values: ReturnValues): Promise<FinishOutcome>;
  /** Starts again from the root route. */
  retry(): void;
  /** Leaves for the return address with the front code as `code` (null: no code to give). */
  quit(frontCode: string | null | undefined): Promise<FinishOutcome>;
  /**
   * Leaves for the return address handing nothing back: no result values, and the launch is
   * not over (its fields stay), so a real launch of the same order can still be verified. For
   * pages that end nothing, like the auth-only view (spec §6). An unsigned address is followed
   * only once the service vouches for it, as for finish.
   */
  leave(): Promise<FinishOutcome>;
}

/** Handing a result back ends the launch; leaving does not. */
type Departure = "handBack" | "leave";

function isTrtcPath(path: string | undefined): boolean {
  return path !== undefined && path.startsWith(TRTC_ROUTE_PREFIX);
}

export function createFinisher(deps: FinisherDeps): Finisher {
  /** When the last hand-back started; a factory field, so each finisher debounces on its own. */
  let lastHandBackAt: number | undefined;

  function busyToast(): void {
    deps.toast.show({ msg: deps.busyText });
  }

  async function postToMiniProgram(values: ReturnValues, departure: Departure): Promise<FinishOutcome> {
    let wx: WxFacade;
    try {
      wx = await deps.loadWx();
    } catch (error) {
      // Let the user try again instead of sitting out the debounce for nothing.
      lastHandBackAt = undefined;
      deps.report({ type: "wxUnavailable", message: error instanceof Error ? error.message : String(error) });
      busyToast();
      return { kind: "sdkUnavailable" };
    }
    if (departure === "leave") {
      wx.miniProgram.navigateBack({ delta: 1 });
      return { kind: "navigatedBack" };
    }
    const payload = buildReturnPayload(values);
    wx.miniProgram.postMessage({ data: { returnData: payload } });
    wx.miniProgram.navigateBack({ delta: 1 });
    // Spec §4: once handed back, the launch is over (launch fields cleared, url "null").
    deps.clearLaunchFields();
    return { kind: "posted", payload };
  }

  async function redirect(values: ReturnValues, departure: Departure): Promise<FinishOutcome> {
    const returnUrl = deps.storage.get("url");
    if (returnUrl === undefined || returnUrl === "" || returnUrl === "null") {
      busyToast();
      return { kind: "noReturnAddress" };
    }
    if (deps.isReturnUrlUnsigned()) {
      const check = await deps.checkReturnUrl(returnUrl);
      if (check === "unavailable") {
        busyToast();
        return { kind: "noReturnAddress" };
      }
      if (check === "notAllowed") {
        deps.report({ type: "returnUrlRefused", reason: "notVouched", detail: "the service does not vouch for the unsigned launch's return address" });
        // Said to the user: staying on the page without a word would look like a broken button.
        deps.toast.show({ type: "error", msg: deps.notAllowedText });
        return { kind: "refused", reason: "notVouched" };
      }
    }
    const built = buildReturnUrl(returnUrl, values);
    if (!built.ok) {
      deps.report({ type: "returnUrlRefused", reason: built.reason, detail: built.detail });
      busyToast();
      return { kind: "refused", reason: built.reason };
    }
    const method = deps.storage.get("redirect_type") === "1" ? "replace" : "assign";
    deps.location[method](built.url);
    // After starting the navigation, as the spec orders it; coming back here finds the launch over.
    if (departure === "handBack") deps.clearLaunchFields();
    return { kind: "redirected", url: built.url, method };
  }

  async function depart(values: ReturnValues, departure: Departure): Promise<FinishOutcome> {
    const now = deps.clock.now();
    if (lastHandBackAt !== undefined && now - lastHandBackAt < REDIRECT_DEBOUNCE_MS) {
      busyToast();
      return { kind: "busy" };
    }
    // Set before any await, so a double tap while the SDK loads is caught too.
    lastHandBackAt = now;
    if (deps.isMiniProgram()) return postToMiniProgram(values, departure);
    const outcome = await redirect(values, departure);
    // Nothing left the page, so nothing is in progress: a later attempt should not be held back.
    if (outcome.kind !== "redirected") lastHandBackAt = undefined;
    return outcome;
  }

  function withLaunchIds(values: ReturnValues): ReturnValues {
    return {
      ...values,
      orderNo: values.orderNo ?? deps.storage.get("order_no"),
      h5faceId: values.h5faceId ?? deps.storage.get("h5_face_id"),
    };
  }

  return {
    finish: (values) => depart(withLaunchIds(values), "handBack"),
    retry() {
      // Read before navigating: afterwards the current path is "/".
      const reload = deps.isIOS() && (isTrtcPath(deps.currentPath()) || isTrtcPath(deps.previousPath()));
      deps.navigate("/", { replace: true });
      // iOS WebKit keeps the camera of a real-time video session until the page is unloaded.
      if (reload) deps.location.reload();
    },
    quit: (frontCode) => depart({ orderNo: deps.storage.get("order_no"), code: frontCode }, "handBack"),
    leave: () => depart({}, "leave"),
  };
}
