// Development aid: a main-thread trace of one cold load under the phone profile, summed by
// event name (top-level tasks' children), to see where the slow CPU's time goes.
import { chromium } from "@playwright/test";
import { benchContext } from "../benchBrowser";
import { applyPhoneProfile } from "./throttle";
const url = process.argv[2] ?? "http://127.0.0.1:8191/#/entry";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
const context = await benchContext(browser);
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await applyPhoneProfile(cdp);
const events: any[] = [];
cdp.on("Tracing.dataCollected", (e: any) => events.push(...e.value));
const done = new Promise<void>((r) => cdp.on("Tracing.tracingComplete", () => r()));
await cdp.send("Tracing.start", { traceConfig: { includedCategories: ["devtools.timeline", "v8", "blink", "loading", "disabled-by-default-devtools.timeline"] }, transferMode: "ReportEvents" });
const t0 = Date.now();
await page.goto(url);
await page.waitForSelector(process.env.SEL ?? "button:not([disabled])", { timeout: 60000 });
const wall = Date.now() - t0;
await cdp.send("Tracing.end");
await done;
// the renderer main thread: the thread with the most RunTask time
const byThread = new Map<string, number>();
for (const e of events) if (e.name === "RunTask" && e.ph === "X") byThread.set(`${e.pid}:${e.tid}`, (byThread.get(`${e.pid}:${e.tid}`) ?? 0) + e.dur);
const main = [...byThread].sort((a, b) => b[1] - a[1])[0]![0];
const mine = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === "X" && e.dur);
const tot = new Map<string, number>();
for (const e of mine) tot.set(e.name, (tot.get(e.name) ?? 0) + e.dur / 1000);
console.log(`wall ${wall} ms; main thread busy ${(byThread.get(main)! / 1000).toFixed(0)} ms`);
console.log([...tot].sort((a, b) => b[1] - a[1]).slice(0, Number(process.argv[3] ?? 25)).map(([k, v]) => `${v.toFixed(0).padStart(6)} ms ${k}`).join("\n"));
const start = Math.min(...mine.map((e) => e.ts));
if (process.argv[4]) for (const e of mine.filter((e) => e.dur > 20000 && ["RunTask"].includes(e.name))) console.log(((e.ts - start) / 1000).toFixed(0), (e.dur / 1000).toFixed(0), e.name);
await browser.close();
