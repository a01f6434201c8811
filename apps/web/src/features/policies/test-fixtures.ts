import type { PolicyDetail, PolicySummary } from "@steward/contracts";

/** A policy as the list answers it. */
export const aPolicy = (overrides: Partial<PolicySummary> = {}): PolicySummary => ({
  id: 1,
  // i18n-exempt: sample data of the tests
  name: "Office PCs",
  description: "",
  deviceClass: "WINDOWS_WORKSTATION",
  parentId: null,
  parentName: null,
  isDefault: false,
  enabled: true,
  version: 1,
  createdAt: "2026-11-01T09:00:00.000Z",
  updatedAt: "2026-11-01T09:00:00.000Z",
  ...overrides,
});

/** A policy's detail: its own items and each agent setting's effective value. */
export const aPolicyDetail = (
  overrides: Partial<PolicyDetail> = {},
  effective: PolicyDetail["effective"] = {},
): PolicyDetail => ({
  ...aPolicy(),
  items: {},
  effective,
  ...overrides,
});
