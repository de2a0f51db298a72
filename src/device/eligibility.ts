/**
 * Camera-input eligibility (spec §5): may this browser record the verification video with
 * the page's own camera input? Checked in this order, first match decides:
 *
 * 1. iOS is always allowed (`iosAlwaysAllowed`);
 * 2. launched inside the partner's app (`from=app`) on a listed OS / manufacturer / model
 *    combination: blocked (`inAppDeviceBlocked`);
 * 3. a blacklisted user-agent pattern: blocked (`userAgentBlacklisted`);
 * 4. a listed browser and version (optionally on one OS): blocked (`browserVersionBlocked`);
 * 5. otherwise allowed (`noRuleMatched`).
 *
 * The decision is cached as JSON under the storage key `uaDetect`. The record is parsed on
 * the way back and reused only for the same user-agent, `from` and rules; anything else
 * (corrupt JSON, a failed schema, an edited record whose `allowed` disagrees with its
 * reason) is decided again and overwritten.
 */
import * as z from "zod/mini";
import { uaDetectRecordSchema, type EligibilityReason, type ParsedDevice, type UaDetectRecord } from "../../schemas/device";
import type { BrowserVersionBlock, DevicesFile, InAppBlock } from "../../schemas/devices";
import { parseDevice } from "./parseDevice";
import { compilePattern } from "./uaPattern";
import { matchesAnyVersionSpec } from "./versionRange";

/** Storage key of the cached decision. */
export const UA_DETECT_KEY = "uaDetect";

/** The storage the cache needs; KycStorage and a Map-backed test double both fit. */
export interface KeyValueStore {
  get(key: string): string | null | undefined;
  set(key: string, value: string): void;
}

interface EligibilityInput {
  userAgent: string;
  /** Launch parameter `from`; "app" means the partner's own app web-view. */
  from: string | null | undefined;
}

export interface CameraEligibility {
  allowed: boolean;
  reason: EligibilityReason;
  /** The note of the rule that decided; null when no rule did. */
  detail: string | null;
}

/** `from` value of a launch inside the partner's app. */
const IN_APP_FROM = "app";

function inAppBlockMatches(block: InAppBlock, device: ParsedDevice): boolean {
  if (device.os.name !== block.os || !matchesAnyVersionSpec(device.os.version, block.osVersions)) return false;
  if (block.manufacturers && !block.manufacturers.some((m) => m === device.manufacturer)) return false;
  if (block.models) {
    const model = device.model;
    if (model === null || !block.models.some((p) => compilePattern(p)(model))) return false;
  }
  return true;
}

function browserBlockMatches(block: BrowserVersionBlock, device: ParsedDevice): boolean {
  if (device.browser.name !== block.browser) return false;
  if (block.os !== undefined && device.os.name !== block.os) return false;
  return matchesAnyVersionSpec(device.browser.version, block.versions);
}

/** Decide eligibility for a parsed device; pure, no cache. */
export function decideCameraEligibility(input: EligibilityInput, device: ParsedDevice, rules: DevicesFile): CameraEligibility {
  if (device.os.name === "iOS") return { allowed: true, reason: "iosAlwaysAllowed", detail: null };
  if (input.from === IN_APP_FROM) {
    const block = rules.inAppBlocked.find((b) => inAppBlockMatches(b, device));
    if (block) return { allowed: false, reason: "inAppDeviceBlocked", detail: block.note };
  }
  const listed = rules.userAgentBlacklist.find((entry) => compilePattern(entry.pattern)(input.userAgent));
  if (listed) return { allowed: false, reason: "userAgentBlacklisted", detail: listed.note };
  const combo = rules.browserVersionBlocks.find((b) => browserBlockMatches(b, device));
  if (combo) return { allowed: false, reason: "browserVersionBlocked", detail: combo.note };
  return { allowed: true, reason: "noRuleMatched", detail: null };
}

/** A short, stable fingerprint (FNV-1a, 32 bit) of the rules, so a changed devices.json re-decides. */
export function rulesFingerprint(rules: DevicesFile): string {
  const text = JSON.stringify(rules);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

interface CameraEligibilityOptions {
  rules: DevicesFile;
  storage: KeyValueStore;
  /** The user-agent parser; only called when the cache cannot answer. */
  parse?: (userAgent: string) => ParsedDevice;
  /** Told why a stored record was not trusted (for diagnostics); the decision is made again. */
  onCorruptCache?: (issue: string) => void;
}

interface CameraEligibilityChecker {
  /** The decision for this user-agent and launch, from the cache when it still applies. */
  check(input: EligibilityInput): CameraEligibility;
}

function readRecord(raw: string, onCorrupt: (issue: string) => void): UaDetectRecord | null {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    onCorrupt("uaDetect is not JSON");
    return null;
  }
  const parsed = z.safeParse(uaDetectRecordSchema, json);
  if (!parsed.success) {
    onCorrupt(`uaDetect failed its schema: ${parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ")}`);
    return null;
  }
  return parsed.data;
}

/** Make a checker that caches its decision in `storage` under `uaDetect`. */
export function createCameraEligibility(options: CameraEligibilityOptions): CameraEligibilityChecker {
  const { rules, storage } = options;
  const parse = options.parse ?? parseDevice;
  const onCorrupt = options.onCorruptCache ?? (() => undefined);
  const fingerprint = rulesFingerprint(rules);
  return {
    check(input) {
      const from = input.from ?? null;
      const raw = storage.get(UA_DETECT_KEY);
      const cached = raw == null ? null : readRecord(raw, onCorrupt);
      if (cached && cached.userAgent === input.userAgent && cached.from === from && cached.rules === fingerprint) {
        return { allowed: cached.allowed, reason: cached.reason, detail: cached.detail };
      }
      const decision = decideCameraEligibility(input, parse(input.userAgent), rules);
      const record: UaDetectRecord = { userAgent: input.userAgent, from, rules: fingerprint, ...decision };
      storage.set(UA_DETECT_KEY, JSON.stringify(record));
      return decision;
    },
  };
}
