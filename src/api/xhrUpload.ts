/**
 * A multipart POST through XMLHttpRequest, used only when the caller wants upload progress
 * (fetch cannot report it). Resolves with the status and body text, like fetch would.
 */
import { ApiError, CLIENT_ERROR_CODES } from "./apiError";

export interface RawResponse {
  status: number;
  text: string;
}

interface ProgressLike {
  loaded: number;
  total: number;
  lengthComputable: boolean;
}

/** The part of XMLHttpRequest used here (a test double implements just this). */
export interface XhrLike {
  open(method: string, url: string): void;
  send(body: FormData): void;
  abort(): void;
  setRequestHeader(name: string, value: string): void;
  withCredentials: boolean;
  readonly status: number;
  readonly responseText: string;
  readonly upload: { addEventListener(type: "progress", listener: (event: ProgressLike) => void): void };
  addEventListener(type: "load" | "error" | "abort", listener: () => void): void;
}

export function xhrPost(
  makeXhr: () => XhrLike,
  url: string,
  body: FormData,
  onProgress: (sentFraction: number) => void,
  signal?: AbortSignal,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const xhr = makeXhr();
    xhr.open("POST", url);
    xhr.withCredentials = true;
    xhr.setRequestHeader("accept", "application/json");
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    });
    xhr.addEventListener("load", () => resolve({ status: xhr.status, text: xhr.responseText }));
    xhr.addEventListener("error", () => reject(new ApiError(0, CLIENT_ERROR_CODES.network, "upload failed: no answer from the service")));
    xhr.addEventListener("abort", () => reject(new ApiError(0, CLIENT_ERROR_CODES.aborted, "upload aborted")));
    if (signal?.aborted) {
      reject(new ApiError(0, CLIENT_ERROR_CODES.aborted, "upload aborted"));
      return;
    }
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
