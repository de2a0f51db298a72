/**
 * Media in a local directory, `<dir>/<key>`: the embedded default for one machine, and the
 * layout src/server/upload/mediaFiles.ts already writes (`<orderNo>/<seq>.<container>`).
 *
 * A put writes a hidden temporary file beside the target (`.<name>.<uuid>.part`, a name no
 * key can have) and then hard-links it to the key: link(2) fails when the key exists, so two
 * racing puts cannot overwrite each other, and a reader never sees a half-written file under
 * a key. The temporary name is removed whatever happens. A crash between the write and the
 * clean-up can leave a `.part` file, never a partial key. Emptied folders are left in place
 * (removing them would race with a put creating a file in them); deletePrefix removes folders.
 */
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { link, lstat, mkdir, open as openFile, rm, stat, unlink, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { pipeline } from "node:stream/promises";
import { bodyStream, createSha256Meter, discardBody } from "./mediaBody";
import { checkMediaKey, MediaExistsError, MediaNotFoundError, type MediaStore } from "./mediaStore";

/** A store over `dir` (created on the first put or ping). */
export function createLocalMediaStore(dir: string): MediaStore {
  const root = resolve(dir);
  const pathOf = (key: string) => join(root, ...checkMediaKey(key).split("/"));
  const describe = () => `local ${root}`;

  /** The key's file, or undefined when nothing (or a folder) is stored under it. */
  async function fileOf(key: string): Promise<string | undefined> {
    const path = pathOf(key);
    try {
      return (await stat(path)).isFile() ? path : undefined;
    } catch (error) {
      if (isErrno(error, "ENOENT", "ENOTDIR")) return undefined;
      throw error;
    }
  }

  return {
    // The content type is carried by the key's extension here; only S3 stores it.
    async put(key, body, _opts) {
      let target: string;
      try {
        target = pathOf(key);
        // Fail fast without reading the body; link below is what actually guarantees write-once.
        if (await fileOf(key)) throw new MediaExistsError(key);
        await mkdir(dirname(target), { recursive: true });
      } catch (error) {
        discardBody(body);
        throw error;
      }
      const temp = join(dirname(target), `.${basename(target)}.${randomUUID()}.part`);
      const meter = createSha256Meter();
      try {
        // flush: the bytes are on disk before the key appears, so a power cut cannot leave an empty recording.
        await pipeline(bodyStream(body), meter.stream, createWriteStream(temp, { flags: "wx", flush: true }));
        try {
          await link(temp, target);
        } catch (error) {
          if (isErrno(error, "EEXIST")) throw new MediaExistsError(key);
          throw error;
        }
      } catch (error) {
        discardBody(body);
        throw error;
      } finally {
        await rm(temp, { force: true });
      }
      return { key, ...meter.result() };
    },

    async open(key) {
      const path = pathOf(key);
      let handle;
      try {
        handle = await openFile(path, "r");
      } catch (error) {
        if (isErrno(error, "ENOENT", "ENOTDIR")) throw new MediaNotFoundError(key);
        throw error;
      }
      if (!(await handle.stat()).isFile()) {
        await handle.close();
        throw new MediaNotFoundError(key);
      }
      // The stream closes the handle when it ends or is destroyed.
      return handle.createReadStream();
    },

    async exists(key) {
      return (await fileOf(key)) !== undefined;
    },

    async delete(key) {
      try {
        await unlink(pathOf(key));
      } catch (error) {
        // Absent, or a folder (which no key names): nothing is stored under the key.
        if (isErrno(error, "ENOENT", "ENOTDIR", "EISDIR")) return;
        throw error;
      }
    },

    async deletePrefix(prefix) {
      const folder = pathOf(prefix);
      try {
        // A file under the prefix's own name is a key, not a folder: left alone, as S3 does.
        if (!(await lstat(folder)).isDirectory()) return;
      } catch (error) {
        if (isErrno(error, "ENOENT", "ENOTDIR")) return;
        throw error;
      }
      await rm(folder, { recursive: true, force: true });
    },

    async localCopy(key) {
      const path = await fileOf(key);
      if (path === undefined) throw new MediaNotFoundError(key);
      // The stored file itself: nothing to clean up. Readers must not write to it.
      return { path, release: async () => {} };
    },

    async ping() {
      // A real write, because access(W_OK) says yes to root on a read-only mount.
      const probe = join(root, `.ping-${randomUUID()}`);
      try {
        await mkdir(root, { recursive: true });
        await writeFile(probe, "", { flag: "wx" });
        await unlink(probe);
      } catch (error) {
        throw new Error(`media store ${describe()} is not writable: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
    },

    describe,
  };
}

function isErrno(error: unknown, ...codes: string[]): boolean {
  return error instanceof Error && "code" in error && typeof error.code === "string" && codes.includes(error.code);
}
