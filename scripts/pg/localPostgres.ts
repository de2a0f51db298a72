/**
 * A throwaway PostgreSQL server from Debian's binaries, for tests and for a local cluster:
 * a fresh cluster in a temporary directory on a free loopback port, removed again by stop()
 * or, when the process ends without calling it, by the exit hooks below.
 *
 * Example: `const pg = await startLocalPostgres({ fast: true }); ...; await pg.stop();`
 * CLI: `npx tsx scripts/pg/localPostgres.ts` prints the URL and runs until Ctrl-C.
 */
import { execFile, execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, appendFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import pg from "pg";

const execFileAsync = promisify(execFile);

interface LocalPostgresOptions {
  /** Also turn off full_page_writes: nothing here survives a crash anyway. */
  fast?: boolean;
  /** Directory holding initdb and pg_ctl; default FACEFLOW_PG_BIN, else the newest /usr/lib/postgresql/N/bin. */
  binDir?: string;
  /** Name of the database created for the caller; default "faceflow". */
  database?: string;
}

export interface LocalPostgres {
  /** postgres://postgres@127.0.0.1:PORT/faceflow */
  url: string;
  port: number;
  /** The temporary directory holding the cluster (data/), its log and its socket. */
  dataDir: string;
  /** Stop the server and remove its directory; calling it again does nothing. */
  stop(): Promise<void>;
}

/** Thrown when no server binaries are installed, so callers can tell it from a failed start. */
export class PostgresNotInstalledError extends Error {
  override name = "PostgresNotInstalledError";
}

const DEBIAN_ROOT = "/usr/lib/postgresql";
const DIR_PREFIX = "faceflow-pg-";

/** The directory with initdb and pg_ctl: FACEFLOW_PG_BIN, else Debian's newest version. */
export function findPostgresBin(binDir = process.env.FACEFLOW_PG_BIN): string {
  if (binDir) {
    if (existsSync(join(binDir, "initdb"))) return binDir;
    throw new PostgresNotInstalledError(`FACEFLOW_PG_BIN=${binDir} has no initdb; unset it to use ${DEBIAN_ROOT}/*/bin, or install PostgreSQL with: apt-get install -y postgresql`);
  }
  const versions = existsSync(DEBIAN_ROOT) ? readdirSync(DEBIAN_ROOT).filter((v) => /^\d+$/.test(v)) : [];
  const found = versions
    .sort((a, b) => Number(b) - Number(a))
    .map((v) => join(DEBIAN_ROOT, v, "bin"))
    .find((dir) => existsSync(join(dir, "initdb")));
  if (found) return found;
  throw new PostgresNotInstalledError(
    `PostgreSQL server binaries not found in ${DEBIAN_ROOT}/*/bin (found versions: ${versions.join(", ") || "none"}); ` +
      "install them with: apt-get install -y postgresql (or set FACEFLOW_PG_BIN to a directory holding initdb and pg_ctl)",
  );
}

/** PostgreSQL refuses to run as root, so as root its tools run as the `postgres` user. */
const asRoot = process.getuid?.() === 0;

function serverUserCommand(tool: string, args: string[]): [string, string[]] {
  return asRoot ? ["runuser", ["-u", "postgres", "--", tool, ...args]] : [tool, args];
}

function postgresIds(): { uid: number; gid: number } {
  try {
    const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    throw new PostgresNotInstalledError("running as root, but there is no `postgres` user to run PostgreSQL as; the Debian package creates it: apt-get install -y postgresql");
  }
}

async function runTool(bin: string, tool: string, args: string[], cwd: string): Promise<string> {
  const [cmd, argv] = serverUserCommand(join(bin, tool), args);
  try {
    const { stdout, stderr } = await execFileAsync(cmd, argv, { cwd, encoding: "utf8" });
    return stdout + stderr;
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${tool} ${args.join(" ")} failed: ${(e.stderr || e.stdout || e.message).trim()}`);
  }
}

/** Stop synchronously (an exit hook cannot wait) and remove the directory. */
function stopSync(bin: string, dir: string): void {
  const [cmd, argv] = serverUserCommand(join(bin, "pg_ctl"), ["-D", join(dir, "data"), "-m", "immediate", "-w", "stop"]);
  if (existsSync(join(dir, "data", "postmaster.pid"))) spawnSync(cmd, argv, { cwd: dir, stdio: "ignore" });
  rmSync(dir, { recursive: true, force: true });
}

// Process-wide on purpose: exit and signals belong to the process, not to one server.
const running = new Map<string, () => void>();
let hooked = false;

function hookProcessExit(): void {
  if (hooked) return;
  hooked = true;
  const stopAll = () => {
    for (const stop of [...running.values()]) stop();
  };
  process.once("exit", stopAll);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.once(signal, () => {
      stopAll();
      // Our listener replaced the default action; when nobody else handles the signal, die of it as before.
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    });
  }
}

/**
 * Exit hooks do not run on SIGKILL; each cluster directory names its owner process, and a
 * directory whose owner is gone is an orphan from such a run, stopped and removed here.
 */
function sweepOrphans(bin: string): void {
  for (const name of readdirSync(tmpdir()).filter((n) => n.startsWith(DIR_PREFIX))) {
    const dir = join(tmpdir(), name);
    let owner: number;
    try {
      owner = Number(readFileSync(join(dir, "owner.pid"), "utf8"));
    } catch {
      continue; // still being created, or not ours
    }
    if (!Number.isInteger(owner) || owner <= 0 || isAlive(owner)) continue;
    stopSync(bin, dir);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** A port nothing listens on right now; the server may still lose a race for it, hence the retries. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** Initialise a cluster in a fresh temporary directory, start it on a free port and create the database. */
export async function startLocalPostgres(opts: LocalPostgresOptions = {}): Promise<LocalPostgres> {
  const bin = findPostgresBin(opts.binDir ?? process.env.FACEFLOW_PG_BIN);
  const ids = asRoot ? postgresIds() : undefined;
  sweepOrphans(bin);
  hookProcessExit();

  const dir = mkdtempSync(join(tmpdir(), DIR_PREFIX));
  writeFileSync(join(dir, "owner.pid"), String(process.pid));
  const stopNow = () => {
    running.delete(dir);
    stopSync(bin, dir);
  };
  running.set(dir, stopNow);
  if (ids) chownSync(dir, ids.uid, ids.gid);
  const data = join(dir, "data");
  try {
    await runTool(bin, "initdb", ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync", "--no-instructions"], dir);
    // A throwaway cluster needs no durability: skipping fsync makes schema set-ups several times faster.
    const settings = [
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      "fsync = off",
      "synchronous_commit = off",
      // Parallel test files each hold a pool of connections.
      "max_connections = 200",
      ...(opts.fast ? ["full_page_writes = off"] : []),
    ];
    appendFileSync(join(data, "postgresql.conf"), `\n# faceflow test server\n${settings.join("\n")}\n`);
    const port = await startOnFreePort(bin, dir);
    const database = opts.database ?? "faceflow";
    await withClient(`postgres://postgres@127.0.0.1:${port}/postgres`, (c) => c.query(`CREATE DATABASE ${quoteIdent(database)}`));
    let stopped: Promise<void> | undefined;
    return {
      url: `postgres://postgres@127.0.0.1:${port}/${database}`,
      port,
      dataDir: dir,
      stop: () => (stopped ??= stopAsync(bin, dir)),
    };
  } catch (error) {
    stopNow();
    throw error;
  }
}

async function startOnFreePort(bin: string, dir: string): Promise<number> {
  const log = join(dir, "postgres.log");
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      await runTool(bin, "pg_ctl", ["-D", join(dir, "data"), "-l", log, "-o", `-p ${port}`, "-w", "-t", "60", "start"], dir);
      return port;
    } catch (error) {
      const serverLog = existsSync(log) ? readFileSync(log, "utf8") : "";
      // Another process took the port between our probe and the server's bind: try another one.
      if (attempt < 5 && /could not bind|Address already in use/i.test(serverLog)) continue;
      throw new Error(`${(error as Error).message}\nserver log (${log}):\n${serverLog.slice(-2000)}`);
    }
  }
}

async function stopAsync(bin: string, dir: string): Promise<void> {
  running.delete(dir);
  if (existsSync(join(dir, "data", "postmaster.pid"))) {
    // Immediate: the data is thrown away next, so there is nothing to flush.
    await runTool(bin, "pg_ctl", ["-D", join(dir, "data"), "-m", "immediate", "-w", "stop"], dir).catch(() => undefined);
  }
  rmSync(dir, { recursive: true, force: true });
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

let databaseCounter = 0;

/**
 * A new, uniquely named database on the server behind `url`, so parallel test files never
 * share tables; drop() removes it, closing any connection still open to it.
 */
export async function createTestDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `faceflow_t${process.pid}_${++databaseCounter}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new URL(url);
  admin.pathname = "/postgres";
  await withClient(admin.href, (c) => c.query(`CREATE DATABASE ${quoteIdent(name)}`));
  const own = new URL(url);
  own.pathname = `/${name}`;
  let dropped: Promise<void> | undefined;
  return {
    url: own.href,
    drop: () =>
      (dropped ??= withClient(admin.href, (c) => c.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`)).then(() => undefined)),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = Date.now();
  const server = await startLocalPostgres({ fast: true });
  console.log(server.url);
  console.error(`PostgreSQL up in ${Date.now() - started} ms, data in ${server.dataDir}; Ctrl-C stops it and removes the directory.`);
  // The exit hooks stop the server on Ctrl-C; this only keeps the process alive until then.
  setInterval(() => undefined, 1 << 30);
}
