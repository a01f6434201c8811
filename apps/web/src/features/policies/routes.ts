import { IconShieldCheck } from "@tabler/icons-react";
import type { MessageKey } from "../../i18n";
import type { RouteEntry } from "../../routing";
import { NotAvailablePage } from "../../ui";

const later = (
  path: string,
  title: MessageKey,
  area: MessageKey,
  extra: Partial<RouteEntry> = {},
): RouteEntry => ({
  path,
  page: NotAvailablePage,
  title,
  area,
  access: "authenticated",
  section: "shell.sections.administration",
  ...extra,
});

/** Agent, network-monitoring, virtualization and mobile policies — not built yet. */
export const policyRoutes: RouteEntry[] = [
  later("/administration/policies/agent", "policies.routes.agent", "policies.routes.agent", {
    nav: { section: "administration", label: "policies.routes.policies", order: 40, icon: IconShieldCheck },
  }),
  later("/administration/policies/nms", "policies.routes.nms", "policies.routes.nms"),
  later(
    "/administration/policies/virtualization",
    "policies.routes.virtualization",
    "policies.routes.virtualization",
  ),
  later("/administration/policies/mdm", "policies.routes.mdm", "policies.routes.mdmArea"),
  later("/administration/dynamicPolicies", "policies.routes.dynamic", "policies.routes.dynamic"),
  later("/editor/policy/*", "policies.routes.editPolicy", "policies.routes.policyEditor"),
  later("/editor/vmpolicy/*", "policies.routes.editVirtualization", "policies.routes.virtualizationEditor"),
  later("/editor/androidpolicy/*", "policies.routes.editAndroid", "policies.routes.androidEditor"),
  later("/editor/iospolicy/*", "policies.routes.editIos", "policies.routes.iosEditor"),
];
