import { IconShieldCheck } from "@tabler/icons-react";
import type { MessageKey } from "../../i18n";
import { lazyPage, type RouteEntry } from "../../routing";
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

const page = {
  agent: lazyPage(() => import("./pages/AgentPoliciesPage"), "AgentPoliciesPage"),
  editor: lazyPage(() => import("./pages/PolicyEditorPage"), "PolicyEditorPage"),
};

const AGENT = "/administration/policies/agent";

/** Agent policies and their editor; network-monitoring, virtualization and mobile policies are not built yet. */
export const policyRoutes: RouteEntry[] = [
  {
    path: AGENT,
    page: page.agent,
    title: "policies.routes.agent",
    access: "policies.read",
    section: "shell.sections.administration",
    nav: { section: "administration", label: "policies.routes.policies", order: 40, icon: IconShieldCheck },
  },
  later("/administration/policies/nms", "policies.routes.nms", "policies.routes.nms"),
  later(
    "/administration/policies/virtualization",
    "policies.routes.virtualization",
    "policies.routes.virtualization",
  ),
  later("/administration/policies/mdm", "policies.routes.mdm", "policies.routes.mdmArea"),
  {
    path: "/editor/policy/*",
    page: page.editor,
    title: "policies.routes.editPolicy",
    access: "policies.read",
    section: "shell.sections.administration",
    parent: AGENT,
  },
  later("/editor/vmpolicy/*", "policies.routes.editVirtualization", "policies.routes.virtualizationEditor"),
  later("/editor/androidpolicy/*", "policies.routes.editAndroid", "policies.routes.androidEditor"),
  later("/editor/iospolicy/*", "policies.routes.editIos", "policies.routes.iosEditor"),
];
