/**
 * The attack bench's figures: per attack family, mode and channel the attempts and passes
 * (APCER = passes / attempts), per mode, lighting and channel for the bona fide subject the
 * attempts and rejections (BPCER = rejections / attempts), with the codes and failed checks
 * seen, the variant kinds that passed (or were rejected), and the time per attempt.
 */
import { FAMILIES, type BenchCase, type CaseResult, type Family } from "./attackCases";

export interface Outcome {
  family: Family;
  mode: string;
  channel: "upload" | "stream";
  kind: string;
  lighting: string | null;
  result: CaseResult | { error: string };
  /** The whole case: media made, orders opened, sent, judged. */
  totalMs: number;
}

export interface Row {
  family: Family;
  mode: string;
  channel: string;
  lighting: string | null;
  attempts: number;
  /** Attacks: verdicts "passed". Bona fide: verdicts other than "passed". */
  counted: number;
  /** APCER (attacks) or BPCER (bona fide), 0..1. */
  rate: number;
  codes: Record<string, number>;
  failedChecks: Record<string, number>;
  /** Kinds of the counted attempts (attacks that passed, bona fide attempts rejected). */
  countedKinds: Record<string, number>;
  /** Cases that could not be run (bench or service error), left out of `attempts`. */
  errors: string[];
  notes: string[];
  medianTotalMs: number;
  medianVerdictMs: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const bump = (m: Record<string, number>, k: string) => void (m[k] = (m[k] ?? 0) + 1);

export function outcomeOf(c: BenchCase, result: Outcome["result"], totalMs: number): Outcome {
  return { family: c.family, mode: c.mode, channel: c.channel, kind: c.kind, lighting: c.lighting ?? null, result, totalMs };
}

/** Rows in a stable order: the attack families first, then the bona fide cells. */
export function summarise(outcomes: readonly Outcome[]): Row[] {
  const groups = new Map<string, Outcome[]>();
  for (const o of outcomes) {
    const key = [o.family, o.mode, o.channel, o.family === "bonaFide" ? o.lighting : ""].join("|");
    groups.set(key, [...(groups.get(key) ?? []), o]);
  }
  const order = Object.keys(FAMILIES) as Family[];
  // Stable: within a family, rows keep the order their first case ran in.
  return [...groups.values()]
    .map((list): Row => {
      const first = list[0] as Outcome;
      const bonaFide = first.family === "bonaFide";
      const judged = list.flatMap((o) => ("error" in o.result ? [] : [{ o, r: o.result }]));
      const row: Row = {
        family: first.family, mode: first.mode, channel: first.channel, lighting: bonaFide ? first.lighting : null,
        attempts: judged.length, counted: 0, rate: 0, codes: {}, failedChecks: {}, countedKinds: {},
        errors: list.flatMap((o) => ("error" in o.result ? [o.result.error] : [])),
        notes: judged.flatMap(({ r }) => (r.note ? [r.note] : [])),
        medianTotalMs: Math.round(median(list.map((o) => o.totalMs))),
        medianVerdictMs: Math.round(median(judged.map(({ r }) => r.verdictMs))),
      };
      for (const { o, r } of judged) {
        bump(row.codes, r.code);
        for (const f of r.failed) bump(row.failedChecks, f);
        if (r.passed !== bonaFide) {
          row.counted++;
          bump(row.countedKinds, o.kind);
        }
      }
      row.rate = row.attempts > 0 ? row.counted / row.attempts : NaN;
      return row;
    })
    .sort((a, b) => order.indexOf(a.family) - order.indexOf(b.family));
}

const list = (m: Record<string, number>) => Object.entries(m).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k}×${v}`).join(" ") || "-";
const pct = (x: number) => (Number.isNaN(x) ? "  -  " : `${(100 * x).toFixed(0).padStart(3)}%`);

/** The printed table. */
export function attackLines(rows: readonly Row[], meta: { variants: number; loadBefore: number; loadAfter: number; wallMs: number }): string[] {
  const lines = [
    `presentation attacks   built service, ${meta.variants} variants per row, modified client (partner API orders, upload or frame stream); load ${meta.loadBefore} → ${meta.loadAfter}; ${(meta.wallMs / 60_000).toFixed(1)} min`,
    `  ${"family / mode / channel".padEnd(66)}   n  pass  APCER  ms/attempt (verdict)  codes seen | failed checks | kinds that passed`,
  ];
  for (const r of rows.filter((x) => x.family !== "bonaFide")) {
    const label = `${FAMILIES[r.family]} / ${r.mode} / ${r.channel}`;
    lines.push(
      `  ${label.padEnd(66)} ${String(r.attempts).padStart(3)}  ${String(r.counted).padStart(4)}  ${pct(r.rate)}  ${`${r.medianTotalMs} (${r.medianVerdictMs})`.padEnd(20)}  ${list(r.codes)} | ${list(r.failedChecks)} | ${list(r.countedKinds)}` +
        `${r.notes.length ? ` | ${[...new Set(r.notes)].join(", ")}` : ""}${r.errors.length ? ` | ${r.errors.length} not run: ${r.errors[0]?.slice(0, 120)}` : ""}`,
    );
  }
  lines.push(`  ${FAMILIES.bonaFide}: SYNTHETIC, not a person; answers its own attempt's light and digits`);
  lines.push(`  ${"mode / lighting / channel".padEnd(66)}   n  rej   BPCER  ms/attempt (verdict)  codes seen | failed checks`);
  for (const r of rows.filter((x) => x.family === "bonaFide")) {
    const label = `${r.mode} / ${r.lighting ?? "-"} / ${r.channel}`;
    lines.push(
      `  ${label.padEnd(66)} ${String(r.attempts).padStart(3)}  ${String(r.counted).padStart(4)}  ${pct(r.rate)}  ${`${r.medianTotalMs} (${r.medianVerdictMs})`.padEnd(20)}  ${list(r.codes)} | ${list(r.failedChecks)}` +
        `${r.errors.length ? ` | ${r.errors.length} not run: ${r.errors[0]?.slice(0, 120)}` : ""}`,
    );
  }
  return lines;
}
