// `npm test`: every check in turn (validate, typecheck, unit, kits, e2e), each also runnable
// alone as its own npm script. Reads the unit, kits and e2e JSON reports and ends with the real
// totals as "N passed, N failed" (validate and typecheck count as one test each).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";

const steps = [
  { name: "validate", cmd: ["run", "validate"] },
  { name: "typecheck", cmd: ["run", "typecheck"] },
  { name: "unit", cmd: ["run", "unit", "--", "--reporter=default", "--reporter=json", "--outputFile.json=test-results/unit.json"], report: "test-results/unit.json", count: countVitest },
  // The Python and Java partner kits: shared vectors and end to end (scripts/kits/runKits.mjs).
  { name: "kits", cmd: ["run", "kits"], report: "test-results/kits.json", count: countKits },
  { name: "e2e", cmd: ["run", "e2e"], report: "test-results/e2e.json", count: countPlaywright },
];

// The failing tests' names and first message line are printed again after the totals: a CI log
// keeps only its tail, and a count without a name cannot be followed up.
function firstLine(message) {
  return String(message ?? "").split("\n").find((l) => l.trim() !== "")?.trim().slice(0, 300) ?? "";
}

function countVitest(file) {
  const r = JSON.parse(readFileSync(file, "utf8"));
  const names = [];
  for (const suite of r.testResults ?? []) {
    if (suite.status === "failed" && (suite.assertionResults ?? []).length === 0) names.push(`${suite.name}: ${firstLine(suite.message)}`);
    for (const t of suite.assertionResults ?? []) {
      if (t.status === "failed") names.push(`${suite.name} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    }
  }
  return { passed: r.numPassedTests ?? 0, failed: (r.numFailedTests ?? 0) + (r.numRuntimeErrorTestSuites ?? 0), names };
}

/** scripts/kits/runKits.mjs writes its own totals and the failing tests' names. */
function countKits(file) {
  const r = JSON.parse(readFileSync(file, "utf8"));
  return { passed: r.passed ?? 0, failed: r.failed ?? 0, names: r.names ?? [] };
}

function failedSpecs(suite, names) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status === "unexpected") {
        const last = test.results?.[test.results.length - 1];
        names.push(`${spec.file}:${spec.line} › ${spec.title}: ${firstLine(last?.error?.message)}`);
      }
    }
  }
  for (const child of suite.suites ?? []) failedSpecs(child, names);
}

function countPlaywright(file) {
  const r = JSON.parse(readFileSync(file, "utf8"));
  const s = r.stats ?? {};
  const names = (r.errors ?? []).map((e) => firstLine(e.message));
  for (const suite of r.suites ?? []) failedSpecs(suite, names);
  return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: (s.unexpected ?? 0) + (r.errors?.length ?? 0), names };
}

let passed = 0;
let failed = 0;
const summary = [];
const failures = [];
for (const step of steps) {
  if (step.report) rmSync(step.report, { force: true });
  const started = Date.now();
  const run = spawnSync("npm", step.cmd, { stdio: "inherit", env: process.env });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  let counts;
  if (step.report && existsSync(step.report)) {
    counts = step.count(step.report);
    // A runner that exits non-zero without a failing test (a crash, a config error) still fails.
    if (run.status !== 0 && counts.failed === 0) counts.failed = 1;
  } else {
    counts = run.status === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
  }
  for (const name of counts.names ?? []) failures.push(`${step.name}: ${name}`);
  passed += counts.passed;
  failed += counts.failed;
  summary.push(`${step.name}: ${counts.passed} passed, ${counts.failed} failed (${secs} s)`);
}
if (failures.length > 0) console.log("\nfailed:\n" + failures.map((f) => `  ${f}`).join("\n"));
console.log("\n" + summary.join("\n"));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
