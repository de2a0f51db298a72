/**
 * The app's side of index.html's early login (src/boot/earlyLogin.ts): the login page's first
 * attempt takes the answer waiting on the window, once, and reads it as the API client reads
 * any answer (the slot and answer by schemas/earlyLogin.ts, the body by loginResponseSchema;
 * a refusal becomes the same ApiError). The request left before the analytics client could
 * wrap fetch, so a failed one is recorded here as the request collector would have
 * (src/analytics/requestCollector.ts).
 */
import { earlyLoginAnswerSchema, earlyLoginSlotSchema, type EarlyLoginAnswer } from "../../../../schemas/earlyLogin";
import { ApiError, CLIENT_ERROR_CODES } from "../../../api/apiError";
import type { ApiClient } from "../../../api/client";
import { ANSWER_SCHEMAS, parseAnswer } from "../../../api/parseAnswer";
import { LOGIN_PATH } from "../../../api/paths";
import { EARLY_LOGIN_KEY } from "../../../boot/earlyLogin";
import type { StatsRecorder } from "../../../analytics/statsRecorder";

/**
 * The early login's pending answer, removed from the window so only one attempt uses it;
 * undefined when the page sent none (or something else sits under its name).
 */
export function takeEarlyLogin(win: Window): Promise<unknown> | undefined {
  const slots = win as unknown as Record<string, unknown>;
  const slot = earlyLoginSlotSchema.safeParse(slots[EARLY_LOGIN_KEY]);
  delete slots[EARLY_LOGIN_KEY];
  return slot.success ? Promise.resolve(slot.data.answer) : undefined;
}

/**
 * A login that answers with the early login's answer instead of sending a request. The
 * parameters are the ones the inline script sent (the page's query and its cookie probe), so
 * they are not sent again.
 */
export function earlyLoginClient(sent: Promise<unknown>, stats: Pick<StatsRecorder, "record">, origin: string): Pick<ApiClient, "login"> {
  const failed = (status: number, message?: string) =>
    stats.record("requestError", { kind: "fetch", method: "POST", url: origin + LOGIN_PATH, status, ...(message ? { message } : {}) });
  return {
    login: async () => {
      const parsed = earlyLoginAnswerSchema.safeParse(await sent.catch((error: unknown): EarlyLoginAnswer => ({ ok: false, message: String(error) })));
      if (!parsed.success) throw new ApiError(0, CLIENT_ERROR_CODES.badResponse, "the early login left no answer this app can read");
      const answer = parsed.data;
      if (!answer.ok) {
        failed(0, answer.message);
        throw new ApiError(0, CLIENT_ERROR_CODES.network, `no answer from the service: ${answer.message}`);
      }
      if (answer.status >= 400) failed(answer.status);
      return parseAnswer(ANSWER_SCHEMAS.login, { status: answer.status, text: answer.text });
    },
  };
}
