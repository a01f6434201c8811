import { z } from "zod";

export const systemOverview = z.object({
  organizations: z.number().int().nonnegative(),
  locations: z.number().int().nonnegative(),
  technicians: z.number().int().nonnegative(),
  devices: z.number().int().nonnegative(),
});
export type SystemOverview = z.infer<typeof systemOverview>;

export const gettingStarted = z.object({
  organizationCreated: z.boolean(),
  technicianInvited: z.boolean(),
  firstDevice: z.boolean(),
});
export type GettingStarted = z.infer<typeof gettingStarted>;
