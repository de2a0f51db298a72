/**
 * One check's outcome inside a verifier: what the partner sees (name, passed, detail) plus
 * the code reported when it is the first failure.
 */
import type { VerifyCheck } from "../../../schemas/api";
import { VERIFY_CODES, type VerifyCode } from "./verifyCodes";

export interface Outcome extends VerifyCheck {
  failCode: VerifyCode;
}

export const pass = (name: string, detail: string): Outcome => ({ name, passed: true, detail, failCode: VERIFY_CODES.passed });
export const failed = (name: string, failCode: VerifyCode, detail: string): Outcome => ({ name, passed: false, detail, failCode });

/** Spoken names of the action codes, for details. */
const ACTION_NAMES: Record<string, string> = { "1": "shake head", "2": "blink", "3": "open mouth", "4": "nod" };

export const actionName = (code: string): string => `${code} ${ACTION_NAMES[code] ?? "unknown action"}`;

/** Only what the partner sees. */
export const toCheck = ({ name, passed, detail }: Outcome): VerifyCheck => ({ name, passed, detail });
