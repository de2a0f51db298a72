/**
 * Which messaging-app browser the page runs in, and whether the messaging app's own camera
 * (JS-SDK chooseVideo) may be used (spec §4).
 *
 * This ships with the first screen, so it reads the user-agent with a few regular
 * expressions and does not import the user-agent parser.
 */

/**
 * wechat: the messaging app's in-app browser; wxwork: its work variant; miniprogram: a
 * mini-program web-view (of either app); none: anything else.
 */
type MessagingAppKind = "wechat" | "wxwork" | "miniprogram" | "none";

export interface MessagingApp {
  kind: MessagingAppKind;
  /** The app's own version ("8.0.42", "4.1.6" for the work variant); null outside the apps or when absent. */
  version: string | null;
  /** The page runs in a frame; the app's JS-SDK camera does not work there. */
  inIframe: boolean;
}

export interface MessagingAppEnv {
  inIframe: boolean;
  /** `window.__wxjs_environment`, set to "miniprogram" by the JS-SDK inside a mini-program web-view. */
  wxjsEnvironment?: string;
}

const WECHAT = /MicroMessenger\/([\d.]+)/i;
const WECHAT_ANY = /MicroMessenger/i;
const WXWORK = /wxwork\/([\d.]+)/i;
const WXWORK_ANY = /wxwork/i;
// Android web-views say so in the user-agent; iOS ones often only through __wxjs_environment.
const MINI_PROGRAM = /miniProgram/i;

function captured(re: RegExp, ua: string): string | null {
  return re.exec(ua)?.[1] ?? null;
}

/**
 * Classify the messaging-app browser from the user-agent and the page environment.
 * A mini-program is recognised first because it decides how the result is handed back;
 * the work variant next, because its user-agent also says MicroMessenger.
 */
export function detectMessagingApp(ua: string, env: MessagingAppEnv): MessagingApp {
  const inIframe = env.inIframe;
  if (MINI_PROGRAM.test(ua) || env.wxjsEnvironment === "miniprogram") {
    return { kind: "miniprogram", version: captured(WECHAT, ua), inIframe };
  }
  if (WXWORK_ANY.test(ua)) return { kind: "wxwork", version: captured(WXWORK, ua), inIframe };
  if (WECHAT_ANY.test(ua)) return { kind: "wechat", version: captured(WECHAT, ua), inIframe };
  return { kind: "none", version: null, inIframe };
}

interface WxCameraInput {
  messagingApp: MessagingApp;
  /** JS-SDK config signature from the launch parameters. */
  signature: string | null | undefined;
  /** `window.location.origin` of the page. */
  origin: string;
  /** flows/apps.json `wxCameraAllowedOrigins`. */
  allowedOrigins: readonly string[];
}

function normaliseOrigin(origin: string): string {
  return origin.trim().replace(/\/+$/, "").toLowerCase();
}

/**
 * Spec §4: the messaging-app camera is usable only inside the messaging app itself (not the
 * work variant, not a mini-program, not in a frame), with a non-empty signature, from an
 * allowed origin (the JS-SDK config fails on any other domain).
 */
export function isWxCameraUsable(input: WxCameraInput): boolean {
  const { messagingApp, signature, origin, allowedOrigins } = input;
  if (messagingApp.kind !== "wechat" || messagingApp.inIframe) return false;
  if (signature == null || signature.trim() === "") return false;
  const own = normaliseOrigin(origin);
  return allowedOrigins.some((allowed) => normaliseOrigin(allowed) === own);
}

/** True for an iPhone, iPad or iPod user-agent (an iPad in desktop mode says Macintosh and is not one). */
export function isIOSUserAgent(ua: string): boolean {
  return /\(i[^;]+;( U;)? CPU.+Mac OS X/.test(ua);
}

/** True for an Android user-agent, including browsers that shorten it to "Adr" (UC, Opera). */
export function isAndroidUserAgent(ua: string): boolean {
  return /Android|\bAdr\b/.test(ua);
}
