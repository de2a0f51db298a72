/**
 * Spec §6: "An allow-list of app ids limits which show the auth-only view; two more are added
 * when the environment is not release." The auth-only view is the user-agreement authorisation
 * letter (spec §2's agreement pages) shown on its own, when a partner links the user straight
 * to it: the letter and a way back, and no way into the verification. flows/apps.json
 * `authOnlyView` lists the app ids that may show it; for any other app an agreement page opened
 * on its own stays the flow's agreement page, whose button starts the verification.
 */
import type { AppsFile, Environment } from "../../../schemas/apps";

/** The app ids allowed the auth-only view in `environment` (the extra ids outside release). */
export function authOnlyViewAppIds(policy: AppsFile["authOnlyView"], environment: Environment): readonly string[] {
  return environment === "release" ? policy.allowList : [...policy.allowList, ...policy.extraOutsideRelease];
}

/** Whether app `appId` may show the auth-only view in `environment`. */
export function allowsAuthOnlyView(appId: string, policy: AppsFile["authOnlyView"], environment: Environment): boolean {
  return authOnlyViewAppIds(policy, environment).includes(appId);
}
