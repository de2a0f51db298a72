/**
 * Where the e2e set-up (fakeMedia.setup.ts) writes what Chromium's fake devices play, in the
 * gitignored scratch space: made at run time, never committed.
 */
import { join } from "node:path";

const DIR = join(process.cwd(), ".tmp", "e2e");

/** A face photo as the fake camera's video (.mjpeg, 30 fps). */
export const FACE_CAMERA_FILE = join(DIR, "face.mjpeg");
/** Silence for the fake microphone: a microphone that works, in a quiet room. */
export const SILENCE_WAV_FILE = join(DIR, "silence.wav");
/** Mandarin digits spoken by espeak-ng for the fake microphone (Chromium loops it). */
export const SPEECH_WAV_FILE = join(DIR, "speech.wav");
/** What SPEECH_WAV_FILE says. */
export const SPOKEN_DIGITS = "一 二 三 四 五 六 七 八 九 零";
