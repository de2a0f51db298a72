// Development aid: one cold load under the phone profile, request by request (start, end,
// wire bytes), then the headings, the first button and network idle; for finding what the page waits on.
import { chromium } from "@playwright/test";
import { firstButton } from "./firstButton";
const url = process.argv[2] ?? "http://127.0.0.1:8191/#/entry";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
const run = await firstButton(browser, url);
for (const r of [...run.requests, ...run.later]) console.log(`${String(r.startMs).padStart(6)} → ${String(r.endMs).padStart(6)} ms ${String(r.wireBytes).padStart(7)} B ${r.encoding.padEnd(3)} ${r.url.replace(/^https?:\/\/[^/]+/, "")}`);
for (const h of run.headings) console.log(`heading ${h.ms} ms (painted ${h.paintMs ?? "unreported"} ms): ${h.text}`);
console.log(`first contentful paint ${run.firstContentfulPaintMs ?? "none"} ms`);
console.log(`first button ${run.firstButtonMs} ms, ${run.wireBytes} B in ${run.requests.length} requests`);
console.log(`network idle ${run.idle.atMs} ms, ${run.idle.wireBytes} B in ${run.idle.requests} requests`);
await browser.close();
