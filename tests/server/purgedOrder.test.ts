/**
 * An unfinished order whose media the retention job deleted takes no new launch, login or
 * attempt: each would fail for want of its reference photo and recordings. The partner and
 * the user are told the order expired, with the way back for the user.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { FaceflowPartnerError } from "@faceflow/partner";
import { Browser, errorCode, inspectStore, launchParams, manualRunner, orderRequest, startService, type Service } from "./harness";

let service: Service;
beforeAll(async () => {
  service = await startService({ verificationRunner: manualRunner(1) });
});
afterAll(() => service?.close());

it("refuses to relaunch or log into an order whose media was deleted by retention", async () => {
  const created = await service.partner.createOrder(orderRequest(service, { liveType: "3", actions: undefined }));
  await inspectStore(service, (store) => store.sql.run("UPDATE orders SET media_purged_at = ? WHERE order_no = ?", [Date.now(), created.orderNo]));

  const relaunch = await service.partner.relaunch(created.orderNo).catch((e: unknown) => e);
  expect(relaunch).toBeInstanceOf(FaceflowPartnerError);
  expect(relaunch).toMatchObject({ status: 409, code: "ORDER_FINISHED" });

  const login = await new Browser(service.baseUrl).login(launchParams(created.launchUrl));
  expect(login.status).toBe(409);
  expect(errorCode(login)).toBe("ORDER_FINISHED");
  expect(login.json).toMatchObject({ returnUrl: expect.stringContaining(service.baseUrl) });
});
