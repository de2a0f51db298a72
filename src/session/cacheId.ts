/**
 * The cache id scopes everything a launch stores (see storage.ts).
 *
 * Why: a user can open two launches in the same browser, one after the other or in two
 * tabs (two partners, or the same partner retrying with a fresh order). Storage is shared
 * by the whole origin, so without a scope the second launch would read the first one's
 * return address, mode switches or "already finished" marker and send the user to the
 * wrong partner page or to the exitException screen. h5_face_id identifies one
 * verification, order_no one partner order; a launch carrying neither shares "default".
 */

/** The scope used when the launch names neither a verification nor an order. */
export const DEFAULT_CACHE_ID = "default";

/**
 * The cache id of a launch: h5_face_id if present, else order_no, else "default".
 * Pass the URL query (and, where the URL lost it, the order_no cookie).
 * @example deriveCacheId({ h5_face_id: "", order_no: "A1" }) // "A1"
 */
export function deriveCacheId(source: { h5_face_id?: string | undefined; order_no?: string | undefined }): string {
  // An empty value names nothing, so it must not become a scope shared by every such launch.
  if (source.h5_face_id) return source.h5_face_id;
  if (source.order_no) return source.order_no;
  return DEFAULT_CACHE_ID;
}
