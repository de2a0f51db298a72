/** index.html's early login, as the inline script runs it (see earlyLogin.ts). */
import { leaveEarlyLogin } from "./earlyLogin";

leaveEarlyLogin(window);
