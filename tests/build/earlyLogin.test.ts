/**
 * The early login as the build ships it (issue 14): the inline script of index.html, run as
 * a browser runs it, posts a launch's login once and leaves the answer where the app looks;
 * it carries no library code, and it cannot close its own <script> element.
 */
import { runInNewContext } from "node:vm";
import { beforeAll, describe, expect, it, vi } from "vitest";
// @ts-expect-error: a plain ES module of the build, without types
import { earlyLoginScript } from "../../scripts/build/earlyLogin.mjs";
import { EARLY_LOGIN_KEY, earlyLoginAnswered } from "../../src/boot/earlyLogin";

let code = "";

beforeAll(async () => {
  code = (await earlyLoginScript({ root: process.cwd(), target: ["es2020", "chrome80", "safari15", "ios15"] })) as string;
});

/** Runs the script in a fresh global whose window is a page at `url`. */
function run(url: string) {
  const parsed = new URL(url);
  let cookie = "";
  const fetch = vi.fn(async (_path: string, _init: RequestInit) => ({ status: 200, text: async () => '{"orderNo":"o"}' }));
  const window: Record<string, unknown> = {
    location: { hash: parsed.hash, search: parsed.search },
    navigator: { cookieEnabled: true },
    document: {
      get cookie() {
        return cookie;
      },
      set cookie(value: string) {
        cookie = /max-age=0/.test(value) ? "" : (value.split(";")[0] ?? "");
      },
    },
    fetch,
  };
  runInNewContext(code, { window, URLSearchParams, JSON, Object, String, Promise, DOMException });
  return { window, fetch };
}

describe("index.html's early login script", () => {
  it("is small and carries no library: no zod, no React", () => {
    expect(code.length).toBeGreaterThan(100);
    expect(code.length).toBeLessThan(2000);
    expect(code).not.toMatch(/zod|react/i);
    expect(code).not.toMatch(/<\/script/i);
  });

  it("fails to parse where the app's ES2020 bundle would, so such a browser never uses up its launch", () => {
    // `??` is ES2020: a parser that stops short of it rejects the whole script.
    expect(code).toContain("??");
  });

  it("posts a signed launch's query on the root route and leaves the answer on the window", async () => {
    const { window, fetch } = run("https://faceflow.example/?live_type=1&order_no=O1&sign=1.2.3.4");
    expect(fetch).toHaveBeenCalledTimes(1);
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe("/api/v1/login");
    expect(JSON.parse(String(init.body))).toEqual({ live_type: "1", order_no: "O1", sign: "1.2.3.4", cookieless: false });
    await vi.waitFor(() => expect(earlyLoginAnswered(window)).toBe(true));
    const slot = window[EARLY_LOGIN_KEY] as { answer: Promise<unknown> };
    expect(await slot.answer).toEqual({ ok: true, status: 200, text: '{"orderNo":"o"}' });
  });

  it("does nothing on a page that is not a launch", () => {
    for (const url of ["https://faceflow.example/#/entry", "https://faceflow.example/#/error?status=exception", "https://faceflow.example/?order_no=O1"]) {
      const { window, fetch } = run(url);
      expect(fetch).not.toHaveBeenCalled();
      expect(EARLY_LOGIN_KEY in window).toBe(false);
    }
  });
});
