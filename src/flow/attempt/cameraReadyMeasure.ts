/**
 * The User Timing measure a recording page records for the camera-ready time: from
 * getUserMedia resolved to the camera's first frame shown. Read by `npm run bench` (and
 * visible in the browser's performance panel), so its name is shared from here.
 */
export const CAMERA_READY_MEASURE = "faceflow:camera-ready";
