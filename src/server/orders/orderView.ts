/**
 * An order as its partner reads it (`GET /partner/v1/orders/:orderNo`): state, options, the
 * signed result, and every attempt with its checks, recording metadata (never the file path)
 * and the device's face guidance report.
 */
import type { AttemptView, AttemptViewStatus, OrderView } from "../../../schemas/api";
import type { Store } from "../store";
import type { AttemptRecord } from "../store/attempts";
import type { OrderRecord } from "../store/orders";

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The status a partner reads: a pending attempt with a job not yet done is "verifying". The
 * store keeps it pending until the verdict, also across a restart (the queue resumes the job),
 * and a partner polling the order must not take that for an attempt nobody is working on.
 */
async function viewStatusOf(store: Store, attempt: AttemptRecord): Promise<AttemptViewStatus> {
  if (attempt.status !== "pending") return attempt.status;
  const job = await store.verifyJobs.get(attempt.id);
  return job !== null && job.state !== "done" ? "verifying" : "pending";
}

export async function orderViewOf(store: Store, order: OrderRecord): Promise<OrderView> {
  const recordings = new Map((await store.recordings.listByOrder(order.orderNo)).map((r) => [r.attemptId, r]));
  const records = await store.attempts.list(order.orderNo);
  const statuses = await Promise.all(records.map((a) => viewStatusOf(store, a)));
  const attempts = records.map((a, i): AttemptView => {
    const recording = recordings.get(a.id);
    return {
      seq: a.seq,
      channel: a.channel,
      status: statuses[i] ?? a.status,
      code: a.code,
      liveRate: a.liveRate,
      faceCode: a.faceCode,
      digits: a.digits,
      verifier: a.verifier,
      checks: a.checks,
      recording: recording
        ? { container: recording.container, mimeType: recording.mimeType, bytes: recording.bytes, durationMs: recording.durationMs }
        : null,
      guidance: a.guidance,
      deviceInfo: a.deviceInfo,
      createdAt: iso(a.createdAt),
      finishedAt: a.finishedAt === null ? null : iso(a.finishedAt),
    };
  });
  return {
    orderNo: order.orderNo,
    h5_face_id: order.h5FaceId,
    appId: order.appId,
    userId: order.userId,
    liveType: order.requestedLiveType,
    state: order.state,
    createdAt: iso(order.createdAt),
    finishedAt: order.finishedAt === null ? null : iso(order.finishedAt),
    maxAttempts: order.maxAttempts,
    guidance: order.guidance,
    result: (await store.results.get(order.orderNo))?.payload ?? null,
    attempts,
  };
}
