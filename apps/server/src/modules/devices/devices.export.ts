import { Readable } from "node:stream";
import { deviceColumns, type DeviceColumn, type DeviceSummary } from "@steward/contracts";
import { csvLine } from "@steward/domain";

type Cell = string | number | boolean | null;

const columns: Record<DeviceColumn, { header: string; value: (d: DeviceSummary) => Cell }> = {
  id: { header: "Id", value: (d) => d.id },
  name: { header: "Name", value: (d) => d.displayName ?? d.hostname },
  hostname: { header: "Host name", value: (d) => d.hostname },
  displayName: { header: "Display name", value: (d) => d.displayName },
  status: { header: "Status", value: (d) => d.status },
  approval: { header: "Approval", value: (d) => d.approvalStatus },
  organization: { header: "Organization", value: (d) => d.organizationName },
  location: { header: "Location", value: (d) => d.locationName },
  role: { header: "Role", value: (d) => d.roleName },
  osFamily: { header: "OS family", value: (d) => d.osFamily },
  os: { header: "Operating system", value: (d) => `${d.osName} ${d.osVersion}`.trim() },
  ipAddresses: { header: "IP addresses", value: (d) => d.ipAddresses.join(" ") },
  publicIp: { header: "Public IP", value: (d) => d.publicIp },
  lastContact: { header: "Last contact", value: (d) => d.lastContactAt },
  agentVersion: { header: "Agent version", value: (d) => d.agentVersion },
  freeDiskPercent: { header: "Lowest free disk %", value: (d) => d.minFreeDiskPercent },
  memoryBytes: { header: "Memory (bytes)", value: (d) => d.totalMemoryBytes },
  pendingReboot: { header: "Pending reboot", value: (d) => d.pendingReboot },
  tags: { header: "Tags", value: (d) => d.tags.join(" ") },
  enrolledAt: { header: "Enrolled", value: (d) => d.enrolledAt },
  health: { header: "Health", value: (d) => d.healthStatus },
};

/**
 * The CSV of a device search: a header, then one line per device, streamed batch by batch.
 * Every cell goes through csvCell (formula leads quoted, plain negative numbers kept): host names
 * and tags come from agents and technicians.
 */
export function devicesCsv(
  batches: AsyncIterable<DeviceSummary[]>,
  chosen: readonly DeviceColumn[] = deviceColumns,
): Readable {
  const list = chosen.map((c) => columns[c]);
  return Readable.from(
    (async function* () {
      yield csvLine(list.map((c) => c.header));
      for await (const batch of batches) {
        yield batch.map((d) => csvLine(list.map((c) => c.value(d)))).join("");
      }
    })(),
  );
}
