/**
 * The kit as a partner installs it: built (build.mjs), packed by npm, unpacked into another
 * project's node_modules, then imported by plain Node (no TypeScript loader) and type-checked
 * by tsc with Node's own module resolution. What it computes is what the source computes.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signReturnPayload, signWebhook, verifyWebhook } from "@faceflow/partner";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

function run(command: string, args: string[], cwd: string): string {
  const result = spawnSync(command, args, { cwd, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")}: ${result.stdout}${result.stderr}`);
  return result.stdout;
}

let dir: string;
let consumer: string;
let packed: { files: { path: string }[] };

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "faceflow-kit-"));
  run(process.execPath, [join(here, "../build.mjs"), "--out", join(dir, "built")], here);
  [packed] = JSON.parse(run("npm", ["pack", join(dir, "built"), "--pack-destination", dir, "--json", "--ignore-scripts"], dir)) as [typeof packed & { filename: string }];
  const tarball = join(dir, (packed as typeof packed & { filename: string }).filename);
  consumer = join(dir, "consumer");
  const scope = join(consumer, "node_modules/@faceflow");
  mkdirSync(join(consumer, "node_modules/@types"), { recursive: true });
  mkdirSync(scope, { recursive: true });
  run("tar", ["-xzf", tarball, "-C", scope], dir);
  renameSync(join(scope, "package"), join(scope, "partner"));
  // The kit's one dependency and the Node types, as npm would have installed them beside it.
  symlinkSync(packageDir("zod"), join(consumer, "node_modules/zod"));
  symlinkSync(packageDir("@types/node"), join(consumer, "node_modules/@types/node"));
  writeFileSync(join(consumer, "package.json"), JSON.stringify({ name: "shop-backend", private: true, type: "module" }));
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the packed kit", () => {
  it("holds the compiled kit, its declarations and README, and no TypeScript source", () => {
    const files = packed.files.map((f) => f.path).sort();
    expect(files).toEqual(expect.arrayContaining(["README.md", "package.json", "index.js", "index.d.ts", "client.js", "contract/orders.d.ts"]));
    expect(files.filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(consumer, "node_modules/@faceflow/partner/package.json"), "utf8"));
    expect(manifest).toMatchObject({ name: "@faceflow/partner", exports: { ".": { types: "./index.d.ts", default: "./index.js" } }, dependencies: { zod: expect.any(String) } });
    expect(manifest).not.toHaveProperty("devDependencies");
  });

  it("runs in plain Node and signs exactly as the source does", () => {
    writeFileSync(
      join(consumer, "main.js"),
      `import { createFaceflowPartner, signReturnPayload, signWebhook, verifyWebhook } from "@faceflow/partner";
const kit = createFaceflowPartner({ baseUrl: "https://faceflow.example", appId: "APP1", secret: "s3cret-0123456789" });
const payload = signReturnPayload("APP1", "s3cret-0123456789", { orderNo: "ord_1", code: "0", liveRate: "90" });
const header = signWebhook("s3cret-0123456789", "{}", 1900000000);
console.log(JSON.stringify({ payload, valid: kit.verifyReturn(payload).valid, header, webhook: verifyWebhook("{}", header, ["s3cret-0123456789"], 1900000000) }));
`,
    );
    const printed = JSON.parse(run(process.execPath, ["main.js"], consumer));
    const payload = signReturnPayload("APP1", "s3cret-0123456789", { orderNo: "ord_1", code: "0", liveRate: "90" });
    const header = signWebhook("s3cret-0123456789", "{}", 1900000000);
    expect(printed).toEqual({ payload, valid: true, header, webhook: verifyWebhook("{}", header, ["s3cret-0123456789"], 1900000000) });
  });

  it("type-checks a partner's TypeScript against its declarations", () => {
    writeFileSync(
      join(consumer, "tsconfig.json"),
      JSON.stringify({ compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", target: "ES2022", strict: true, noEmit: true, skipLibCheck: true, types: ["node"] }, files: ["check.ts"] }),
    );
    writeFileSync(
      join(consumer, "check.ts"),
      `import { createFaceflowPartner, FaceflowPartnerError, type CreateOrderRequest, type ReturnVerification } from "@faceflow/partner";
const kit = createFaceflowPartner({ baseUrl: "https://faceflow.example", appId: "APP1", secret: "s" });
const order: CreateOrderRequest = { userId: "u1", liveType: "2", actions: ["2"], returnUrl: "https://shop.example/done" };
// @ts-expect-error: live types are "1", "2" and "3"
const wrong: CreateOrderRequest = { userId: "u1", liveType: "9", returnUrl: "https://shop.example/done" };
export async function start(): Promise<string> {
  try {
    return (await kit.createOrder(order)).launchUrl;
  } catch (e) {
    if (e instanceof FaceflowPartnerError) return e.code;
    throw e;
  }
}
export const verdict: ReturnVerification = kit.verifyReturn("https://shop.example/done?orderNo=x");
export { wrong };
`,
    );
    const typescript = require.resolve("typescript/package.json");
    const tsc = join(dirname(typescript), (JSON.parse(readFileSync(typescript, "utf8")) as { bin: { tsc: string } }).bin.tsc);
    expect(spawnSync(process.execPath, [tsc, "-p", consumer], { encoding: "utf8" }).stdout).toBe("");
  });
});
