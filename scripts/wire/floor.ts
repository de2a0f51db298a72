/**
 * The React floor: the hello world of floor/main.tsx bundled with the same React and the
 * same esbuild settings as the app (minified, production), brotli-compressed at quality 11
 * and served by a minimal node:http server: the least any React page can send.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { build } from "esbuild";

interface Asset {
  type: string;
  body: Buffer;
}

const HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Hello</title>
    <script type="module" src="/main.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

const brotli = (text: string | Uint8Array) => brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });

interface Floor {
  url: string;
  close(): Promise<void>;
}

export async function startFloor(root: string): Promise<Floor> {
  const result = await build({
    entryPoints: [join(root, "scripts/wire/floor/main.tsx")],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: ["es2020", "chrome80", "safari15", "ios15"],
    minify: true,
    jsx: "automatic",
    legalComments: "none",
    define: { "process.env.NODE_ENV": '"production"' },
    write: false,
    logLevel: "error",
  });
  const js = result.outputFiles[0]?.contents;
  if (!js) throw new Error("floor: esbuild wrote nothing");
  const assets = new Map<string, Asset>([
    ["/", { type: "text/html; charset=utf-8", body: brotli(HTML) }],
    ["/main.js", { type: "text/javascript; charset=utf-8", body: brotli(js) }],
  ]);
  const server: Server = createServer((req, res) => {
    const asset = assets.get((req.url ?? "/").split("?")[0] ?? "/");
    if (!asset) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": asset.type, "content-encoding": "br", "content-length": asset.body.length, vary: "Accept-Encoding" });
    res.end(asset.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
