/**
 * The signature of a launch URL. `sign` is one token:
 *
 *   sign = "1." + expiresAtSec + "." + nonce + "." + hex HMAC-SHA256(appSecret,
 *          "faceflow-launch-v1\n" + expiresAtSec + "\n" + nonce + "\n" + canonicalQuery(every other launch parameter))
 *
 * so it covers every launch parameter (adding, removing or changing any one breaks it), the
 * expiry, and a nonce the service records to make the launch single-use.
 */
import { canonicalQuery, hmacHex, safeEqualHex } from "@faceflow/partner";

interface LaunchToken {
  expiresAtSec: number;
  nonce: string;
  mac: string;
}

const TOKEN_PATTERN = /^1\.(\d{9,11})\.([0-9a-f]{32})\.([0-9a-f]{64})$/;

/** Parameters the signature covers: every one except `sign` itself. */
function signedParams(params: Readonly<Record<string, string | undefined>>): Record<string, string | undefined> {
  const { sign: _sign, ...rest } = params;
  return rest;
}

function launchSignatureBase(params: Readonly<Record<string, string | undefined>>, expiresAtSec: number, nonce: string): string {
  return `faceflow-launch-v1\n${expiresAtSec}\n${nonce}\n${canonicalQuery(signedParams(params))}`;
}

/** The `sign` value for a set of launch parameters. */
export function signLaunch(secret: string, params: Readonly<Record<string, string | undefined>>, expiresAtSec: number, nonce: string): string {
  return `1.${expiresAtSec}.${nonce}.${hmacHex(secret, launchSignatureBase(params, expiresAtSec, nonce))}`;
}

/** Split a `sign` value; null when it is not a well-formed token. */
export function parseLaunchToken(sign: string): LaunchToken | null {
  const match = TOKEN_PATTERN.exec(sign);
  if (!match?.[1] || !match[2] || !match[3]) return null;
  return { expiresAtSec: Number(match[1]), nonce: match[2], mac: match[3] };
}

/** Whether the token's MAC matches these parameters (expiry and single use are checked by the caller). */
export function launchMacMatches(secret: string, params: Readonly<Record<string, string | undefined>>, token: LaunchToken): boolean {
  return safeEqualHex(hmacHex(secret, launchSignatureBase(params, token.expiresAtSec, token.nonce)), token.mac);
}
