/**
 * Small pieces both order pages use: an order's link, its mode's text key, a time in UTC,
 * and a result code's name (VERIFY_CODES read backwards, e.g. 1031 → lightNotFaceShaped).
 */
import type { LiveType } from "../../../../schemas/api";
import { VERIFY_CODES } from "../../media/verifyCodes";
import { STAFF_PATHS } from "../staffPage";
import type { StaffTextKey } from "../staffTexts";

export const orderPath = (orderNo: string) => `${STAFF_PATHS.orders}/${encodeURIComponent(orderNo)}`;

/** Will mode is a live type with a question; the list and the view name it apart. */
export const modeKey = (liveType: LiveType, will: boolean): StaffTextKey => (will ? "orders.mode.will" : `orders.mode.${liveType}`);

/** "2026-11-29 03:10:05" (UTC, as the pages say once). */
export const utcTime = (ms: number) => new Date(ms).toISOString().replace("T", " ").slice(0, 19);

const CODE_NAMES = new Map<string, string>(Object.entries(VERIFY_CODES).map(([name, code]) => [code, name]));

/** "1031 lightNotFaceShaped"; a code of another verifier as it is. */
export const codeWithName = (code: string) => (CODE_NAMES.has(code) ? `${code} ${CODE_NAMES.get(code)}` : code);
