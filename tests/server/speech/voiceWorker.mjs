// A worker thread that runs the service's voice-activity detector, as the verification
// worker does: it registers tsx for this thread (the sources are TypeScript), makes one
// detector, and answers each posted Float32Array with its segments.
import { parentPort, workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
const { createVoiceActivityDetector } = await import(new URL("../../../src/server/speech/voiceActivity.ts", import.meta.url).href);
const detector = createVoiceActivityDetector({ threshold: workerData.threshold });
parentPort.on("message", (samples) => parentPort.postMessage(detector.detect(samples)));
parentPort.postMessage("ready");
