/** The shipped error catalogue and result texts, parsed by their schemas: what the composition root's loaders give the runtime. */
import errorsJson from "../../flows/errors.json";
import resultsJson from "../../flows/results.json";
import { errorsFileSchema } from "../../schemas/errors";
import { resultsFileSchema } from "../../schemas/results";

export const shippedErrors = errorsFileSchema.parse(errorsJson);
export const shippedResults = resultsFileSchema.parse(resultsJson);
