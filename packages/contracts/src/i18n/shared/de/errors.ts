import type { Translation } from "../../catalogue.js";
import type { errorsEn } from "../en/errors.js";

export const errorsDe: Translation<typeof errorsEn> = {};
