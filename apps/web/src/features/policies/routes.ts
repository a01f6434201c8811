import { IconShieldCheck } from "@tabler/icons-react";
import type { RouteEntry } from "../../routing";
import { NotAvailablePage } from "../../ui";

const later = (path: string, title: string, area: string, extra: Partial<RouteEntry> = {}): RouteEntry => ({
  path,
  page: NotAvailablePage,
  title,
  area,
  access: "authenticated",
  section: "Administration",
  ...extra,
});

/** Agent, network-monitoring, virtualization and mobile policies — not built yet. */
export const policyRoutes: RouteEntry[] = [
  later("/administration/policies/agent", "Agent policies", "Agent policies", {
    nav: { section: "administration", label: "Policies", order: 40, icon: IconShieldCheck },
  }),
  later("/administration/policies/nms", "Network monitoring policies", "Network monitoring policies"),
  later("/administration/policies/virtualization", "Virtualization policies", "Virtualization policies"),
  later("/administration/policies/mdm", "Mobile device policies", "Mobile device management policies"),
  later("/administration/dynamicPolicies", "Dynamic policies", "Dynamic policies"),
  later("/editor/policy/*", "Edit policy", "Agent policy editor"),
  later("/editor/vmpolicy/*", "Edit virtualization policy", "Virtualization policy editor"),
  later("/editor/androidpolicy/*", "Edit Android policy", "Android policy editor"),
  later("/editor/iospolicy/*", "Edit iOS/iPadOS policy", "iOS and iPadOS policy editor"),
];
