// Development aid: one cold load under the phone profile, request by request (start, end,
// wire bytes), then the first button; for finding what the page waits on.
import { chromium } from "@playwright/test";
import { firstButton } from "./firstButton";
const url = process.argv[2] ?? "http://127.0.0.1:8191/#/entry";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
const run = await firstButton(browser, url);
for (const r of run.requests) console.log(`${String(r.startMs).padStart(6)} → ${String(r.endMs).padStart(6)} ms ${String(r.wireBytes).padStart(7)} B ${r.encoding.padEnd(3)} ${r.url.replace(/^https?:\/\/[^/]+/, "")}`);
console.log(`first button ${Math.round(run.firstButtonMs)} ms, ${run.wireBytes} B`);
await browser.close();
