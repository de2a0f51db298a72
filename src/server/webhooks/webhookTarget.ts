/**
 * Where a webhook may be sent. A webhook URL is the partner's, but the service is the one
 * connecting: without a check, a URL could aim it at the service's own network (a database, a
 * metadata endpoint at 169.254.169.254). So, at every send:
 * - the host is resolved and every address must be public: no loopback, private, carrier-grade
 *   NAT, link-local, multicast, reserved or unspecified address, IPv4 or IPv6 (mapped IPv4
 *   included), unless the deployment allows private targets (FACEFLOW_WEBHOOK_ALLOW_PRIVATE=1,
 *   for a partner inside the same network, and for tests);
 * - the connection goes to the address that was checked (a second DNS answer cannot swap in
 *   another: no rebinding);
 * - https only in release (also refused at start, apps.ts).
 */
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12],
  ["192.0.0.0", 24], ["192.0.2.0", 24], ["192.88.99.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15], ["198.51.100.0", 24],
  ["203.0.113.0", 24], ["224.0.0.0", 4], ["240.0.0.0", 4],
] as const) BLOCKED.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128], ["::1", 128], ["64:ff9b::", 96], ["100::", 64], ["2001:db8::", 32], ["fc00::", 7], ["fe80::", 10], ["ff00::", 8],
] as const) BLOCKED.addSubnet(net, prefix, "ipv6");

/** Whether an address is one a public webhook may not reach. */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, "ipv4");
  if (family !== 6) return true;
  // An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is the IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return BLOCKED.check(mapped[1] as string, "ipv4");
  return BLOCKED.check(address, "ipv6");
}

export interface TargetPolicy {
  /** https only (release). */
  httpsOnly: boolean;
  /** Private, loopback and link-local addresses allowed (the deployment said so). */
  allowPrivate: boolean;
}

export type CheckedTarget = { ok: true; url: URL; address: string; family: 4 | 6 } | { ok: false; reason: string };

/** Resolves the URL's host and checks it against the policy; the address to connect to when it passes. */
export async function checkTarget(raw: string, policy: TargetPolicy, resolve: typeof lookup = lookup): Promise<CheckedTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: "not a URL" };
  }
  if (url.protocol !== "https:" && (policy.httpsOnly || url.protocol !== "http:")) return { ok: false, reason: `${url.protocol} is not allowed (${policy.httpsOnly ? "https only" : "http or https"})` };
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: { address: string; family: number }[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await resolve(host, { all: true, verbatim: true });
  } catch (error) {
    return { ok: false, reason: `the host ${host} does not resolve (${(error as Error).message})` };
  }
  if (addresses.length === 0) return { ok: false, reason: `the host ${host} has no address` };
  const blocked = addresses.filter((a) => isNonPublicAddress(a.address));
  // Every address must pass: a host with one public and one private address is refused as a whole.
  if (blocked.length > 0 && !policy.allowPrivate) return { ok: false, reason: `${host} resolves to a non-public address (${blocked.map((a) => a.address).join(", ")}); private targets are not allowed here` };
  const first = addresses[0] as { address: string; family: number };
  return { ok: true, url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
