import type { DeviceSummary, EnrollmentToken, Organization, OrganizationDetail } from "@steward/contracts";

/** Fresh fixtures per call: tests never share mutable objects. */
export function anOrganization(overrides: Partial<Organization> = {}): Organization {
  return {
    id: 1,
    name: "Acme",
    description: "",
    nodeApprovalMode: "AUTOMATIC",
    locationCount: 2,
    deviceCount: 0,
    createdAt: "2025-11-22T09:00:00.000Z",
    updatedAt: "2025-11-22T09:00:00.000Z",
    ...overrides,
  };
}

export function anOrganizationDetail(overrides: Partial<OrganizationDetail> = {}): OrganizationDetail {
  return {
    ...anOrganization(),
    locations: [
      {
        id: 10,
        organizationId: 1,
        name: "Main Office",
        address: "",
        description: "",
        isDefault: true,
        deviceCount: 0,
        createdAt: "2025-11-22T09:00:00.000Z",
      },
      {
        id: 11,
        organizationId: 1,
        name: "Warehouse",
        address: "",
        description: "",
        isDefault: false,
        deviceCount: 0,
        createdAt: "2025-11-22T09:00:00.000Z",
      },
    ],
    ...overrides,
  };
}

export function aToken(overrides: Partial<EnrollmentToken> = {}): EnrollmentToken {
  return {
    id: 7,
    organizationId: 1,
    locationId: 10,
    locationName: "Main Office",
    name: "Front desk",
    state: "ACTIVE",
    expiresAt: "2025-11-29T09:00:00.000Z",
    maxUses: 5,
    useCount: 2,
    lastUsedAt: null,
    revokedAt: null,
    createdAt: "2025-11-22T09:00:00.000Z",
    ...overrides,
  };
}

export function aDevice(overrides: Partial<DeviceSummary> = {}): DeviceSummary {
  return {
    id: 42,
    hostname: "web-01",
    displayName: null,
    organizationId: 1,
    organizationName: "Acme",
    locationId: 10,
    locationName: "Main Office",
    osFamily: "LINUX",
    osName: "Ubuntu",
    osVersion: "24.04",
    status: "UP",
    approvalStatus: "APPROVED",
    lastContactAt: "2025-11-22T09:00:00.000Z",
    statusChangedAt: "2025-11-22T08:00:00.000Z",
    publicIp: "203.0.113.9",
    agentVersion: "0.1.0",
    pendingReboot: false,
    minFreeDiskPercent: 55,
    totalMemoryBytes: 8 * 1024 ** 3,
    softwareCount: 120,
    roleId: null,
    roleName: null,
    ipAddresses: ["10.0.0.5"],
    tags: [],
    simulated: false,
    enrolledAt: "2025-11-20T09:00:00.000Z",
    healthStatus: "HEALTHY",
    ...overrides,
  };
}
