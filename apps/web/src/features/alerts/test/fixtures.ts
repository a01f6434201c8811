import type { AlertListResponse, AlertView } from "@steward/contracts";

/** An open alert as the server lists it; tests change what they look at. */
export const anAlert = (over: Partial<AlertView> = {}): AlertView => ({
  id: 1,
  status: "OPEN",
  severity: "CRITICAL",
  priority: "HIGH",
  healthStatus: "UNHEALTHY",
  device: { id: 11, name: "web-01" },
  organization: { id: 7, name: "Acme" },
  policy: { id: 3, name: "Linux servers" },
  condition: { key: "c-disk", name: "Disk almost full", kind: "diskFree" },
  firstSeenAt: "2026-03-01T08:00:00Z",
  lastSeenAt: "2026-03-01T09:30:00Z",
  count: 4,
  value: 3.25,
  detail: "/var has 3.25% free",
  flapping: false,
  inMaintenance: false,
  acknowledged: null,
  reset: null,
  ...over,
});

export const listOf = (items: AlertView[], over: Partial<AlertListResponse> = {}): AlertListResponse => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 50,
  openBySeverity: { CRITICAL: 0, MAJOR: 0, MODERATE: 0, MINOR: 0 },
  ...over,
});
