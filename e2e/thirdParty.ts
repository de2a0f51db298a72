/** Requests that leave the service's origin: none may (models and wasm are our own). */
import type { Page } from "@playwright/test";

/** Every request the page makes that is not to the service itself, collected as they go. */
export function watchThirdParty(page: Page, baseURL: string): string[] {
  const foreign: string[] = [];
  const own = new URL(baseURL).host;
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (/^(https?|wss?):$/.test(url.protocol) && url.host !== own) foreign.push(request.url());
  });
  return foreign;
}
