/**
 * flows/errors.json: the error catalogue of spec §8. The statuses are ONE enum; the file's
 * `statuses` record must hold exactly one entry per status (zod's record over an enum key
 * is exhaustive and rejects extra keys), so adding a status here without its texts fails
 * validation, and adding texts for a status that is not here fails too.
 *
 * Codes. The spec fixes: enMsgError 300101, noCookieException 3002, trtc_serviceStop 3003,
 * trtc_iosNoWebcamPermission / trtc_androidNoWebcamPermission 3004, browserNotSupport 3005,
 * errorSettings 3006, ttsPlayError 3007, and 400101 is its own code. faceflow chose the rest
 * by area, so a partner can tell from the code where the flow stopped:
 *   30xx session and environment: exitException 3001, 401Exception 3008, refreshException 3009,
 *        uaDetectException 3010, ttsDownloadError 3011, handoffUsed 3012, handoffExpired 3013
 *   31xx recording (messaging-app camera or plain video): lipsException 3101,
 *        chooseVideoException 3102, chooseImageException 3103, shortException 3104,
 *        longException 3105, smallException 3106, largeException 3107, sizeException 3108,
 *        noVideoPermission 3109, exception 3110
 *   32xx upload: uploadVideoException 3201, serverIdNotFundException 3202,
 *        uploadVideoOtherException 3203
 *   33xx real-time video and websocket: trtc_cameraError 3301,
 *        websocket_webcamPicSmallException 3302, trtc_opRefreshTimeout 3303, trtc_opTimeout 3304,
 *        trtc_serviceError 3305, trtc_overFrequency 3306, trtc_faceFailed 3307, trtc_exception 3308
 *   34xx network quality: seniorException 3401, seniorTimeout 3402
 * publicError and the generic unknown-status entry have `code: null`: they carry somebody
 * else's error, so the screen shows the code from the URL instead.
 */
import * as z from "zod/mini";
import { textKeySchema } from "./texts";

/** Every error-screen status of spec §8, in the spec's order. */
export const ERROR_STATUSES = [
  "enMsgError",
  "exitException",
  "401Exception",
  "noCookieException",
  "lipsException",
  "chooseVideoException",
  "chooseImageException",
  "shortException",
  "longException",
  "smallException",
  "largeException",
  "sizeException",
  "uploadVideoException",
  "serverIdNotFundException",
  "uploadVideoOtherException",
  "noVideoPermission",
  "trtc_cameraError",
  "trtc_iosNoWebcamPermission",
  "trtc_androidNoWebcamPermission",
  "websocket_webcamPicSmallException",
  "browserNotSupport",
  "errorSettings",
  "ttsPlayError",
  "ttsDownloadError",
  "trtc_opRefreshTimeout",
  "trtc_opTimeout",
  "trtc_serviceError",
  "trtc_overFrequency",
  "trtc_faceFailed",
  "seniorException",
  "seniorTimeout",
  "exception",
  "trtc_serviceStop",
  "trtc_exception",
  "uaDetectException",
  "refreshException",
  "400101",
  "publicError",
  // Ours (issue 32), not the spec's: a phone link of a handoff opened a second time, and one
  // expired, cancelled or of a finished order.
  "handoffUsed",
  "handoffExpired",
] as const;
export const errorStatusSchema = z.enum(ERROR_STATUSES);
export type ErrorStatus = z.infer<typeof errorStatusSchema>;

/** The only status allowed a second (retry) button (spec §2 "Error screen"). */
const SECOND_BUTTON_STATUS = "trtc_androidNoWebcamPermission" satisfies ErrorStatus;

/**
 * Value of the error route's `type` query for errors raised by the websocket recorder; with
 * it the screen shows the marker [提示] as (提示) (spec §2 "Error screen").
 */
export const WEBSOCKET_ERROR_TYPE = "websocket";
/** Spec §2's own marker and its websocket form: a server's Chinese message carries it whatever the page's language. */
export const SPEC_NOTE_MARKER = { plain: "[提示]", websocket: "(提示)" } as const;

/** The inline SVG illustrations drawn in src/ui/components/illustrations.tsx. */
export const ILLUSTRATIONS = [
  "warning",
  "expired",
  "lock",
  "link",
  "camera",
  "recording",
  "upload",
  "network",
  "browser",
  "settings",
  "sound",
  "timeout",
  "face",
] as const;
const illustrationSchema = z.enum(ILLUSTRATIONS);
export type IllustrationName = z.infer<typeof illustrationSchema>;

/** Named tip blocks shared by several statuses, so product staff edit them once. */
const TIP_SETS = ["uploadFailure"] as const;
const tipSetNameSchema = z.enum(TIP_SETS);

const ERROR_ACTIONS = ["quit", "retry"] as const;
const errorActionSchema = z.enum(ERROR_ACTIONS);
export type ErrorAction = z.infer<typeof errorActionSchema>;

/** Every text of the catalogue is a text key of the screens' texts (flows/texts.<lang>.json), in the page's language. */
const text = textKeySchema;

const tipSetSchema = z.strictObject({
  heading: text,
  items: z.array(text).check(z.minLength(1)),
});
export type TipSet = z.infer<typeof tipSetSchema>;

const errorEntrySchema = z.strictObject({
  title: text,
  /** Shown as the message; for showServerMessage entries only when the URL has no msg. */
  text,
  /**
   * The message per check mode, where the spec words it per mode (§5: the too-large message
   * asks 1-2 s for action and will, 2-3 s read slowly and loudly for number). Every mode is
   * required; `text` stays for a screen whose mode is not known (no launch).
   */
  textByMode: z.optional(z.strictObject({ number: text, action: text, silent: text, will: text })),
  /** Front code shown on the screen and returned to the partner on quit; null: the URL's code. */
  code: z.nullable(z.string().check(z.regex(/^\d{4,6}$/, "expected a 4 to 6 digit code"))),
  illustration: illustrationSchema,
  buttons: z.strictObject({
    first: errorActionSchema,
    second: z.optional(z.literal("retry")),
    /**
     * The button styled as the primary one: the one the text asks for. Spec §2 fixes the order
     * (quit, then retry, on the Android no-permission screen, whose text asks to tap retry), not
     * the look; without it the first leads.
     */
    lead: z.optional(z.enum(["first", "second"])),
  }),
  /** The URL's msg (the server's message) replaces `text` (enMsgError, publicError). */
  showServerMessage: z.boolean(),
  /** The quit button is shown only when a return address is known (spec: "quit if url known"). */
  quitOnlyIfReturnUrl: z.optional(z.boolean()),
  tips: z.optional(tipSetNameSchema),
});
export type ErrorEntry = z.infer<typeof errorEntrySchema>;
/** The check mode an error screen words its message for (textByMode). */
export type ErrorTextMode = keyof NonNullable<ErrorEntry["textByMode"]>;

export const errorsFileSchema = z
  .strictObject({
    $schema: z.optional(z.string()),
    labels: z.strictObject({
      quit: text,
      retry: text,
      /** The code line, with {code}: errors.codeLine "错误码：{code}" → "错误码：3004". */
      code: text,
      /** The unknown-status line, with {status}: "状态：{status}" → "状态：foo". */
      status: text,
    }),
    tipSets: z.record(tipSetNameSchema, tipSetSchema),
    statuses: z.record(errorStatusSchema, errorEntrySchema),
    /** Generic entry for a status the catalogue does not know (shown with that status and code). */
    unknownStatus: errorEntrySchema,
  })
  .check(
    z.superRefine((file, ctx) => {
      const entries: [string, ErrorEntry][] = [...Object.entries(file.statuses), ["unknownStatus", file.unknownStatus]];
      for (const [status, entry] of entries) {
        const path = status === "unknownStatus" ? ["unknownStatus"] : ["statuses", status];
        if (entry.buttons.second !== undefined && status !== SECOND_BUTTON_STATUS) {
          ctx.issues.push({
            code: "custom",
            input: entry.buttons,
            path: [...path, "buttons", "second"],
            message: `only ${SECOND_BUTTON_STATUS} may have a second button`,
          });
        }
        if (entry.buttons.lead === "second" && entry.buttons.second === undefined) {
          ctx.issues.push({ code: "custom", input: entry.buttons, path: [...path, "buttons", "lead"], message: "lead names the second button, which this entry does not have" });
        }
        if (entry.quitOnlyIfReturnUrl && entry.buttons.first !== "quit") {
          ctx.issues.push({
            code: "custom",
            input: entry.quitOnlyIfReturnUrl,
            path: [...path, "quitOnlyIfReturnUrl"],
            message: "quitOnlyIfReturnUrl needs buttons.first to be quit",
          });
        }
      }
    }),
  );
export type ErrorsFile = z.infer<typeof errorsFileSchema>;
