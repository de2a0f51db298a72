/**
 * A partner app's secret rotation, as configured (FACEFLOW_APP_SECRETS or the `apps` of
 * FACEFLOW_CONFIG): the secret being retired and the moment it stops being accepted.
 *
 * @example
 * { "PARTNER02": { "secret": "<new>", "previousSecret": { "secret": "<old>", "until": "2030-01-08T00:00:00Z" } } }
 *
 * Until `until`, partner requests and launch links signed with either secret are accepted;
 * after it, only `secret`. Results are always signed with `secret` (src/server/apps.ts says
 * how a partner verifies during the overlap). Service-only: parsed by src/server/config.ts.
 */
import * as z from "zod/mini";

const APP_SECRET_MIN_LENGTH = 16;

export const previousSecretSchema = z.strictObject({
  secret: z.string().check(z.minLength(APP_SECRET_MIN_LENGTH, `app secrets are at least ${APP_SECRET_MIN_LENGTH} characters`)),
  /** ISO 8601 with a zone ("2030-01-08T00:00:00Z", "2030-01-08T08:00:00+08:00"), so no server's local time is guessed. */
  until: z.iso.datetime({ offset: true }),
});
