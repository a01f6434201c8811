import { IconAdjustmentsBolt } from "@tabler/icons-react";
import { lazyPage, type RouteEntry } from "../../routing";

const page = lazyPage(() => import("./pages/DynamicPoliciesPage"), "DynamicPoliciesPage");

/** Dynamic policies: applied on top of the base policy of the devices their criteria match. */
export const dynamicPolicyRoutes: RouteEntry[] = [
  {
    path: "/administration/dynamicPolicies",
    page,
    title: "dynamicPolicies.routes.title",
    access: "policies.read",
    section: "shell.sections.administration",
    nav: { section: "administration", order: 41, icon: IconAdjustmentsBolt },
  },
];
