/**
 * The websocket host rule of spec §4: stream to the page's own host when the page is served
 * by a known verification host, otherwise to the configured default. The service hands the
 * app out itself on its known hosts; elsewhere (the app on a CDN, a partner's proxy) the
 * page's host has no streaming endpoint, so the frames must go to the service directly.
 */

interface StreamHostRule {
  /** Hostnames (no port); "*.example.com" matches any subdomain of example.com. */
  knownHosts: readonly string[];
  /** ws:// or wss:// origin of the service; null: none configured, the page's host is kept. */
  defaultOrigin: string | null;
}

/** Whether `hostname` (lower case, IPv6 in brackets) is one of the known hosts. */
export function isKnownHost(hostname: string, knownHosts: readonly string[]): boolean {
  const host = hostname.toLowerCase();
  return knownHosts.some((pattern) => {
    const p = pattern.toLowerCase();
    return p.startsWith("*.") ? host.endsWith(p.slice(1)) && host.length > p.length - 1 : host === p;
  });
}

/**
 * The URL to stream to: the API client's URL (page host and path) with the
 * origin swapped for the default when the page's host is not a known one.
 * @example streamUrlFor("wss://cdn.example/api/v1/stream", "cdn.example", { knownHosts: ["verify.example"], defaultOrigin: "wss://verify.example" }) // "wss://verify.example/api/v1/stream"
 */
export function streamUrlFor(apiStreamUrl: string, pageHostname: string, rule: StreamHostRule): string {
  if (rule.defaultOrigin === null || isKnownHost(pageHostname, rule.knownHosts)) return apiStreamUrl;
  const url = new URL(apiStreamUrl);
  return new URL(url.pathname + url.search, rule.defaultOrigin).toString();
}
