/**
 * Languages on the service's side (issue 17): a partner's `lang` is a launch parameter the
 * launch signature covers, refused at order creation unless flows/languages.json lists it; the
 * will question may come per language, and the page's config request gets it in the page's
 * language, else in the default language's text.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginResponseSchema, orderConfigSchema, type CreateOrderRequest } from "../../schemas/api";
import { Browser, errorCode, launchParams, orderRequest, startService, type Service } from "./harness";

let service: Service;
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.close());

/**
 * Languages no list will ship, as the unlisted examples: qaa–qtz are reserved for local use
 * (ISO 639-2). A real one (fr, de) would start failing the day it is added.
 */
const UNSHIPPED = "qaa";
const UNSHIPPED_TOO = "qab";
const QUESTIONS = { "zh-CN": "您是否本人自愿办理？", en: "Are you applying of your own free will?" };

async function loggedIn(extra: Partial<CreateOrderRequest>): Promise<{ browser: Browser; params: Record<string, string> }> {
  const created = await service.partner.createOrder(orderRequest(service, extra));
  const params = launchParams(created.launchUrl);
  const browser = new Browser(service.baseUrl);
  const res = await browser.login(params);
  expect(res.status).toBe(200);
  return { browser, params };
}

async function question(browser: Browser, query = ""): Promise<string | undefined> {
  const res = await browser.request("GET", `/api/v1/config${query}`);
  expect(res.status).toBe(200);
  return orderConfigSchema.parse(res.json).will?.question;
}

describe("the launch parameter lang", () => {
  it("comes back in the launch URL when the partner asks for a listed language, and the login takes it", async () => {
    const created = await service.partner.createOrder(orderRequest(service, { launch: { lang: "en" } }));
    const params = launchParams(created.launchUrl);
    expect(params.lang).toBe("en");
    expect((await new Browser(service.baseUrl).login(params)).status).toBe(200);
  });

  it("is covered by the launch signature: a changed, added or removed lang is the link-invalid code", async () => {
    const { launchUrl } = await service.partner.createOrder(orderRequest(service, { launch: { lang: "en" } }));
    const params = launchParams(launchUrl);
    const { lang: _lang, ...withoutLang } = params;
    expect(errorCode(await new Browser(service.baseUrl).login({ ...params, lang: "zh-TW" }))).toBe("400101");
    expect(errorCode(await new Browser(service.baseUrl).login(withoutLang))).toBe("400101");
    const plain = launchParams((await service.partner.createOrder(orderRequest(service))).launchUrl);
    expect(errorCode(await new Browser(service.baseUrl).login({ ...plain, lang: "en" }))).toBe("400101");
  });

  it("is refused at order creation when flows/languages.json does not list it", async () => {
    await expect(service.partner.createOrder(orderRequest(service, { launch: { lang: UNSHIPPED } }))).rejects.toMatchObject({
      status: 400,
      code: "LANG_UNKNOWN",
      message: expect.stringContaining(`"${UNSHIPPED}"`),
    });
  });

  it("is put into the demo partner's launch, and refused there too when not listed", async () => {
    const browser = new Browser(service.baseUrl);
    const ok = await browser.request("POST", "/demo/v1/orders", { liveType: "3", lang: "zh-TW" });
    expect(ok.status).toBe(201);
    expect(launchParams((ok.json as { launchUrl: string }).launchUrl).lang).toBe("zh-TW");
    const refused = await browser.request("POST", "/demo/v1/orders", { liveType: "3", lang: UNSHIPPED_TOO });
    expect(refused.status).toBe(400);
    expect(errorCode(refused)).toBe("LANG_UNKNOWN");
  });
});

describe("the will question by language", () => {
  it("answers the page's language, else the default language's text", async () => {
    const { browser } = await loggedIn({ will: { question: QUESTIONS } });
    expect(await question(browser, "?lang=en")).toBe(QUESTIONS.en);
    expect(await question(browser, "?lang=zh-CN")).toBe(QUESTIONS["zh-CN"]);
    // No zh-TW text: the default language's.
    expect(await question(browser, "?lang=zh-TW")).toBe(QUESTIONS["zh-CN"]);
    expect(await question(browser)).toBe(QUESTIONS["zh-CN"]);
  });

  it("follows the launch's lang when the page names none, in the login's config too", async () => {
    const created = await service.partner.createOrder(orderRequest(service, { will: { question: QUESTIONS }, launch: { lang: "en" } }));
    const browser = new Browser(service.baseUrl);
    const login = await browser.login(launchParams(created.launchUrl));
    expect(loginResponseSchema.parse(login.json).config.will?.question).toBe(QUESTIONS.en);
    expect(await question(browser)).toBe(QUESTIONS.en);
    expect(await question(browser, "?lang=zh-CN")).toBe(QUESTIONS["zh-CN"]);
  });

  it("gives one text to every language when the partner sends one, as before languages", async () => {
    const { browser } = await loggedIn({ will: { question: "您是否同意？" } });
    expect(await question(browser, "?lang=en")).toBe("您是否同意？");
  });

  it("refuses a config request for a language the service does not list", async () => {
    const { browser } = await loggedIn({ will: { question: QUESTIONS } });
    for (const lang of [UNSHIPPED, "not a tag"]) {
      const res = await browser.request("GET", `/api/v1/config?lang=${encodeURIComponent(lang)}`);
      expect(res.status, lang).toBe(400);
      expect(errorCode(res), lang).toBe("LANG_UNKNOWN");
    }
  });

  it("refuses at order creation a question in an unlisted language, or without the default language's text", async () => {
    await expect(service.partner.createOrder(orderRequest(service, { will: { question: { ...QUESTIONS, [UNSHIPPED]: "Êtes-vous d'accord ?" } } }))).rejects.toMatchObject({
      code: "LANG_UNKNOWN",
    });
    await expect(service.partner.createOrder(orderRequest(service, { will: { question: { en: QUESTIONS.en } } }))).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("zh-CN"),
    });
    await expect(service.partner.createOrder(orderRequest(service, { will: { question: { "zh-CN": "" } } }))).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
