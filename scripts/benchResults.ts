/**
 * bench-results.json, where `npm run bench` writes its figures: one part measured alone
 * (BENCH_ONLY=…) replaces only its own key and keeps the others.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";

const BENCH_RESULTS_FILE = "bench-results.json";

export function saveBenchPart(key: string, figures: unknown): void {
  const previous: Record<string, unknown> = existsSync(BENCH_RESULTS_FILE) ? (JSON.parse(readFileSync(BENCH_RESULTS_FILE, "utf8")) as Record<string, unknown>) : {};
  writeFileSync(BENCH_RESULTS_FILE, JSON.stringify({ ...previous, [key]: figures }, null, 2) + "\n");
}
