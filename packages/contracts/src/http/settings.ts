import { z } from "zod";

export const generalSettings = z.object({
  companyName: z.string().trim().max(200),
  defaultTimeZone: z.string().refine(isTimeZone, "Unknown time zone"),
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
