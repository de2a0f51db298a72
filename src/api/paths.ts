/**
 * Paths of the service's front-end API that more than the API client needs. No imports:
 * index.html's early login (src/boot/earlyLogin.ts) posts to the login path before any module
 * has loaded.
 */
export const LOGIN_PATH = "/api/v1/login";
