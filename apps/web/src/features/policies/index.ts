// What other features show of policies: the organization's Policies tab and a device's policy.
export { OrganizationPoliciesPanel } from "./components/OrganizationPoliciesPanel";
export { DevicePolicyCard } from "./components/DevicePolicyCard";
export { useEffectivePolicy, usePolicies, usePutDevicePolicyOverrides } from "./api";
export { useDeviceClassLabel } from "./use-device-class-label";
// A section's items editor (the dynamic policies page).
export { SectionItems } from "./components/SectionItems";
// The conditions editor (a dynamic policy's own conditions).
export { ConditionsSection } from "./components/ConditionsSection";
