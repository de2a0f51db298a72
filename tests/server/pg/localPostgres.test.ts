import { existsSync } from "node:fs";
import { createServer } from "node:net";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createTestDatabase, startLocalPostgres } from "../../../scripts/pg/localPostgres";
import { injectPgUrl } from "../../pgGlobalSetup";

/** Whether a listener can bind the port now, i.e. the server let go of it. */
function canBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

async function selectOne(url: string): Promise<unknown> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query("SELECT 1 AS one")).rows[0];
  } finally {
    await client.end();
  }
}

const pgUrl = injectPgUrl();

describe.skipIf(pgUrl === null)("local PostgreSQL server", () => {
  it("starts on a free loopback port, answers queries, and stop() frees the port and removes its directory", async () => {
    const server = await startLocalPostgres({ fast: true });
    try {
      expect(server.url).toBe(`postgres://postgres@127.0.0.1:${server.port}/faceflow`);
      expect(existsSync(server.dataDir)).toBe(true);
      expect(await canBind(server.port)).toBe(false);
      expect(await selectOne(server.url)).toEqual({ one: 1 });
    } finally {
      await server.stop();
    }
    expect(await canBind(server.port)).toBe(true);
    expect(existsSync(server.dataDir)).toBe(false);
    await server.stop(); // a second stop is harmless
  });

  it("gives each caller its own database on the shared server, and drop() removes it", async () => {
    const a = await createTestDatabase(pgUrl!);
    const b = await createTestDatabase(pgUrl!);
    try {
      expect(a.url).not.toBe(b.url);
      const client = new pg.Client({ connectionString: a.url });
      await client.connect();
      await client.query("CREATE TABLE only_in_a (x INTEGER)");
      await client.end();
      await expect(selectOne(b.url)).resolves.toEqual({ one: 1 });
      const other = new pg.Client({ connectionString: b.url });
      await other.connect();
      const { rows } = await other.query("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'only_in_a'");
      await other.end();
      expect(rows[0]).toEqual({ n: 0 });
    } finally {
      await a.drop();
      await b.drop();
    }
    await expect(selectOne(a.url)).rejects.toThrow(/does not exist/);
  });
});
