import { lazyPage } from "../../routing";

/** The ticketing tabs of an organization's and a device's dashboard. */
export const organizationTicketsPage = lazyPage(
  () => import("./pages/ScopedTicketsPage"),
  "OrganizationTicketsPage",
);
export const deviceTicketsPage = lazyPage(() => import("./pages/ScopedTicketsPage"), "DeviceTicketsPage");
