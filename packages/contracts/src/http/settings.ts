import { z } from "zod";
import { text } from "../common.js";
import { validationEn } from "../i18n/shared/en/validation.js";

export const generalSettings = z.object({
  companyName: text().trim().max(200),
  defaultTimeZone: text().max(100).refine(isTimeZone, validationEn.unknownTimeZone),
});
export type GeneralSettings = z.infer<typeof generalSettings>;

function isTimeZone(tz: string): boolean {
  if (tz === "UTC") return true;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
