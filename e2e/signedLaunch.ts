/**
 * A real signed launch, created server to server with the partner kit as a partner would.
 * The flow only follows return addresses the service vouched for at login, so tests that
 * hand back to the partner start from one of these.
 */
import type { Page } from "@playwright/test";
import { createFaceflowPartner, type FaceflowPartner } from "@faceflow/partner";
import type { CreateOrderRequest, LaunchResponse } from "../schemas/api";

export const DEMO_APP_ID = "TIDA0001";
export const DEMO_SECRET = "faceflow-demo-secret-TIDA0001-not-for-production";

/** The demo app's partner kit: creates orders, reads them back, verifies returns. */
export function demoPartner(baseURL: string): FaceflowPartner {
  return createFaceflowPartner({ baseUrl: baseURL, appId: DEMO_APP_ID, secret: DEMO_SECRET });
}

/**
 * Face guidance is off unless the test asks for it, so recordings reach the service and the
 * tests see its verdict (for the fake pattern: no face, 1015). With guidance on, the page
 * itself stops a faceless recording before the upload (patternGuidance.spec.ts).
 */
export async function createLaunch(baseURL: string, order: Partial<CreateOrderRequest> & Pick<CreateOrderRequest, "returnUrl">): Promise<LaunchResponse> {
  return demoPartner(baseURL).createOrder({ userId: "e2e-user", liveType: "1", guidance: false, ...order });
}

/** Opens the launch (the flow logs in and lands on its start page), then shows `hash`. */
export async function openLaunchAt(page: Page, launchUrl: string, hash: string): Promise<void> {
  await page.goto(launchUrl);
  await page.waitForFunction(() => /^#\/(h5pre|pre|action\/)/.test(location.hash));
  await page.goto(`${launchUrl}#${hash}`);
  await page.waitForFunction((h) => decodeURIComponent(location.hash) === `#${h}` && document.documentElement.dataset.pageId !== undefined, hash);
}
