/** flows/languages.json as the runtime gets it (src/main.tsx), for tests that build a runtime. */
import languagesJson from "../../flows/languages.json";
import { languagesFileSchema } from "../../schemas/languages";

export const shippedLanguages = languagesFileSchema.parse(languagesJson);
