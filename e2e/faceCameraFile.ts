/** Where the e2e set-up writes the face video for the fake camera (gitignored scratch space). */
import { join } from "node:path";

export const FACE_CAMERA_FILE = join(process.cwd(), ".tmp", "e2e", "face.mjpeg");
