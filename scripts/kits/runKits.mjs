// `npm run kits`: the partner kits other than Node (issue 31), each part in turn:
// - the shared vectors are still what the Node kit makes (scripts/kits/partnerVectors.ts --check);
// - the Python kit on every vector, then end to end against a real service;
// - the Java kit compiled with javac, on every vector, then end to end.
// Each part's tests are counted (unittest's "Ran N tests" and FAIL/ERROR lines, the Java
// runner's "N passed, N failed" and FAIL lines; a part that only succeeds or fails counts as
// one test) into test-results/kits.json, which scripts/test.mjs adds to its totals. A missing
// python3 or JDK is a failure with its name, never a skip: .ci/run installs both.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";

const REPORT = "test-results/kits.json";
const JAVA_CLASSES = "packages/partner-java/build/main:packages/partner-java/build/test";

const parts = [
  { name: "vectors are the Node kit's", cmd: process.execPath, args: ["--import", "tsx", "scripts/kits/partnerVectors.ts", "--check"], count: byExit },
  { name: "python vectors", cmd: "python3", args: ["-m", "unittest", "tests.test_vectors"], cwd: "packages/partner-python", count: byUnittest },
  { name: "python end to end", cmd: "python3", args: ["-m", "unittest", "tests.test_e2e"], cwd: "packages/partner-python", count: byUnittest },
  { name: "java build", cmd: "bash", args: ["packages/partner-java/build.sh"], count: byExit },
  { name: "java vectors", cmd: "java", args: ["-cp", JAVA_CLASSES, "faceflow.partner.VectorsTest", "packages/test-vectors/partner-vectors.json"], count: byChecks },
  { name: "java end to end", cmd: "java", args: ["-cp", JAVA_CLASSES, "faceflow.partner.EndToEndTest", "."], count: byChecks },
];

function byExit(run) {
  return run.status === 0 ? { passed: 1, failed: 0, names: [] } : { passed: 0, failed: 1, names: [`exit status ${run.status}`] };
}

/** unittest writes "Ran N tests", then "OK" or "FAILED (failures=F, errors=E)", and a "FAIL: name" / "ERROR: name" line per failure. */
function byUnittest(run) {
  const text = `${run.stdout}\n${run.stderr}`;
  const ran = /^Ran (\d+) tests?/m.exec(text);
  if (!ran) return byExit(run);
  const field = (name) => Number(new RegExp(`${name}=(\\d+)`).exec(/^FAILED \(.*\)$/m.exec(text)?.[0] ?? "")?.[1] ?? 0);
  const failed = field("failures") + field("errors");
  const names = [...text.matchAll(/^(?:FAIL|ERROR): (\S+)/gm)].map((m) => m[1]);
  return { passed: Number(ran[1]) - failed - field("skipped"), failed: Math.max(failed, run.status === 0 ? 0 : 1), names };
}

/** The Java runner (Checks.java) ends with "N passed, N failed" and prints "FAIL name: message" per failure. */
function byChecks(run) {
  const total = /^(\d+) passed, (\d+) failed$/m.exec(run.stdout);
  if (!total) return byExit(run);
  const names = [...run.stdout.matchAll(/^FAIL (.*)$/gm)].map((m) => m[1].slice(0, 300));
  return { passed: Number(total[1]), failed: Math.max(Number(total[2]), run.status === 0 ? 0 : 1), names };
}

let passed = 0;
let failed = 0;
const names = [];
const summary = [];
for (const part of parts) {
  const started = Date.now();
  const run = spawnSync(part.cmd, part.args, { cwd: part.cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 * 1024 * 1024 });
  process.stdout.write(run.stdout ?? "");
  process.stderr.write(run.stderr ?? "");
  const counts = run.error
    ? { passed: 0, failed: 1, names: [`${part.cmd} could not run: ${run.error.message}`] }
    : part.count({ status: run.status, stdout: run.stdout, stderr: run.stderr });
  passed += counts.passed;
  failed += counts.failed;
  names.push(...counts.names.map((n) => `${part.name}: ${n}`));
  summary.push(`  ${part.name}: ${counts.passed} passed, ${counts.failed} failed (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
mkdirSync("test-results", { recursive: true });
writeFileSync(REPORT, JSON.stringify({ passed, failed, names }, null, 2));
console.log(`\nkits:\n${summary.join("\n")}`);
if (names.length > 0) console.log(`failed:\n${names.map((n) => `  ${n}`).join("\n")}`);
console.log(`kits: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
