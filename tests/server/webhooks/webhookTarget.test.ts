/**
 * Where webhooks may go: a partner's URL must not turn the service against its own network.
 * Loopback, private, link-local (cloud metadata), carrier NAT, multicast and the IPv6
 * equivalents (mapped IPv4 included) are refused unless the deployment allows private targets;
 * release sends over https only; a host is judged on every address it resolves to.
 */
import { describe, expect, it } from "vitest";
import { checkTarget, isNonPublicAddress } from "../../../src/server/webhooks/webhookTarget";
import { webhookSettings } from "../../../src/server/webhooks";

const release = webhookSettings({}, true).policy;
const resolveTo = (...addresses: string[]) => (async () => addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }))) as unknown as typeof import("node:dns/promises").lookup;

describe("webhook targets", () => {
  it("calls every non-public address non-public, IPv4 and IPv6", () => {
    for (const address of ["127.0.0.1", "10.1.2.3", "172.16.0.9", "172.31.255.255", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "224.0.0.1", "255.255.255.255", "::1", "::", "fd00::1", "fe80::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "ff02::1"]) {
      expect(isNonPublicAddress(address), address).toBe(true);
    }
    for (const address of ["93.184.216.34", "8.8.8.8", "172.32.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"]) {
      expect(isNonPublicAddress(address), address).toBe(false);
    }
  });

  it("refuses in release a webhook at 127.0.0.1, a private address, a name resolving to one, or plain http", async () => {
    expect(release).toEqual({ httpsOnly: true, allowPrivate: false });
    for (const url of ["https://127.0.0.1/hook", "https://10.0.0.5/hook", "https://[::1]/hook", "https://169.254.169.254/latest/meta-data"]) {
      const checked = await checkTarget(url, release);
      expect(checked.ok, url).toBe(false);
    }
    expect(await checkTarget("https://partner.example/hook", release, resolveTo("10.0.0.7"))).toMatchObject({ ok: false });
    // One private address among public ones is enough to refuse (the connection could take it).
    expect(await checkTarget("https://partner.example/hook", release, resolveTo("93.184.216.34", "192.168.0.2"))).toMatchObject({ ok: false });
    expect(await checkTarget("http://partner.example/hook", release, resolveTo("93.184.216.34"))).toMatchObject({ ok: false });
    expect(await checkTarget("ftp://partner.example/hook", { httpsOnly: false, allowPrivate: true })).toMatchObject({ ok: false });
  });

  it("sends to a public address, and to private ones only where the deployment allows them", async () => {
    expect(await checkTarget("https://partner.example/hook", release, resolveTo("93.184.216.34"))).toMatchObject({ ok: true, address: "93.184.216.34", family: 4 });
    expect(await checkTarget("http://127.0.0.1:9/hook", { httpsOnly: false, allowPrivate: true })).toMatchObject({ ok: true, address: "127.0.0.1" });
    expect(webhookSettings({ FACEFLOW_WEBHOOK_ALLOW_PRIVATE: "1" }, true).policy).toEqual({ httpsOnly: true, allowPrivate: true });
    expect(() => webhookSettings({ FACEFLOW_WEBHOOK_ALLOW_PRIVATE: "yes" }, false)).toThrow(/0 or 1/);
  });
});
