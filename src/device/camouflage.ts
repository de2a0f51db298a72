/**
 * Camouflage (spec §5): a user-agent whose browser, engine and OS versions cannot go
 * together, which is what a hand-edited or borrowed user-agent string looks like.
 *
 * The exact rules, each only applied when the parts it reads are present:
 *
 * 1. `iosNonWebKit`: iOS with an engine other than WebKit. Every iOS browser must use
 *    WebKit (Chrome and Firefox on iOS say CriOS/FxiOS and report WebKit).
 * 2. `engineFamily`: a browser tied to one engine reports another: Chrome, Chromium, Chrome
 *    Headless, Chrome WebView (from Chrome 28) and Edge (from 79) on Blink; Safari and Mobile
 *    Safari on WebKit; Firefox on Gecko. Not applied on iOS, where rule 1 covers the engine.
 * 3. `chromeBlinkVersion`: Chrome, Chromium, Chrome Headless or Chrome WebView whose major
 *    version differs from the Blink major version (they ship together).
 * 4. `chromeTooNewForAndroid`: Google Chrome newer than the last release for the Android
 *    version reported (Android 4.0: 42, 4.1-4.3: 71, 4.4: 81, 5: 95, 6: 106, 7: 119,
 *    8-9: 138). Chrome's reduced user-agent reports "Android 10" for every later Android,
 *    so 10 and above are never flagged. Vendor web-views (XWEB, X5, U4) carry their own
 *    Chrome token and are not Google Chrome, so they are not checked.
 * 5. `safariIosVersion`: Mobile Safari on iOS 5 or later whose major version differs from the
 *    iOS major version (Safari on iOS is updated only with the OS; iOS 4 shipped Safari 5). From Safari 26 the OS
 *    version in the user-agent is frozen at 18.6, so Safari ≥ 26 on iOS ≥ 18.6 is consistent.
 * 6. `safariMacVersion`: Safari N (N ≥ 11) on a Mac OS X older than 10.N, capped at 10.15
 *    (Safari 11 needs 10.11, ... 15 needs 10.15; from Safari 16 the OS version in the
 *    user-agent is frozen at 10.15.7).
 * 7. `safariWindows`: Safari newer than 5 on Windows (Safari for Windows ended at 5.1.7).
 */
import type { NameVersion } from "../../schemas/device";
import { compareParts, parseVersion } from "./versionRange";

type CamouflageRule =
  | "iosNonWebKit"
  | "engineFamily"
  | "chromeBlinkVersion"
  | "chromeTooNewForAndroid"
  | "safariIosVersion"
  | "safariMacVersion"
  | "safariWindows";

interface UserAgentParts {
  browser: NameVersion;
  engine: NameVersion;
  os: NameVersion;
}

const CHROME_FAMILY = new Set(["Chrome", "Mobile Chrome", "Chromium", "Chrome Headless", "Chrome WebView"]);
const GOOGLE_CHROME = new Set(["Chrome", "Mobile Chrome"]);
const SAFARI = new Set(["Safari", "Mobile Safari"]);
const FIREFOX = new Set(["Firefox", "Mobile Firefox"]);

/** Last Chrome major released for Android versions below `below` (first match wins). */
const LAST_CHROME_FOR_ANDROID: readonly { below: readonly number[]; lastChrome: number }[] = [
  { below: [4, 1], lastChrome: 42 },
  { below: [4, 4], lastChrome: 71 },
  { below: [5], lastChrome: 81 },
  { below: [6], lastChrome: 95 },
  { below: [7], lastChrome: 106 },
  { below: [8], lastChrome: 119 },
  { below: [10], lastChrome: 138 },
];

function major(version: string | null): number | null {
  return parseVersion(version)?.[0] ?? null;
}

function expectedEngine(browser: string, browserMajor: number | null): string | null {
  if (CHROME_FAMILY.has(browser)) return browserMajor !== null && browserMajor >= 28 ? "Blink" : null;
  if (browser === "Edge") return browserMajor !== null && browserMajor >= 79 ? "Blink" : null;
  if (SAFARI.has(browser)) return "WebKit";
  if (FIREFOX.has(browser)) return "Gecko";
  return null;
}

function chromeTooNewForAndroid(chromeMajor: number, androidVersion: readonly number[]): boolean {
  const row = LAST_CHROME_FOR_ANDROID.find((r) => compareParts(androidVersion, r.below) < 0);
  return row !== undefined && chromeMajor > row.lastChrome;
}

function safariIosConsistent(safariMajor: number, ios: readonly number[]): boolean {
  if (safariMajor === ios[0]) return true;
  return safariMajor >= 26 && compareParts(ios, [18, 6]) >= 0;
}

/** The first camouflage rule the user-agent breaks, or null when it is consistent. */
export function findCamouflage({ browser, engine, os }: UserAgentParts): CamouflageRule | null {
  const isIOS = os.name === "iOS";
  if (isIOS && engine.name !== null && engine.name !== "WebKit") return "iosNonWebKit";

  const browserMajor = major(browser.version);
  if (browser.name !== null && !isIOS) {
    const expected = expectedEngine(browser.name, browserMajor);
    if (expected !== null && engine.name !== null && engine.name !== expected) return "engineFamily";
  }

  if (browser.name !== null && CHROME_FAMILY.has(browser.name) && engine.name === "Blink") {
    const engineMajor = major(engine.version);
    if (browserMajor !== null && engineMajor !== null && browserMajor !== engineMajor) return "chromeBlinkVersion";
  }

  if (os.name === "Windows" && browser.name === "Safari" && browserMajor !== null && browserMajor > 5) return "safariWindows";

  const osVersion = parseVersion(os.version);
  if (browserMajor === null || osVersion === null || browser.name === null) return null;

  if (os.name === "Android" && GOOGLE_CHROME.has(browser.name) && chromeTooNewForAndroid(browserMajor, osVersion)) {
    return "chromeTooNewForAndroid";
  }
  const iosMajor = isIOS ? (osVersion[0] ?? 0) : 0;
  if (iosMajor >= 5 && browser.name === "Mobile Safari" && !safariIosConsistent(browserMajor, osVersion)) {
    return "safariIosVersion";
  }
  if (os.name === "Mac OS" && browser.name === "Safari" && browserMajor >= 11) {
    if (compareParts(osVersion, [10, Math.min(browserMajor, 15)]) < 0) return "safariMacVersion";
  }
  return null;
}
