import { Badge } from "@mantine/core";
import type { TechnicianStatus } from "@steward/contracts";

const statusStyle: Record<TechnicianStatus, { label: string; color: string }> = {
  ACTIVE: { label: "Active", color: "teal" },
  INVITED: { label: "Invited", color: "blue" },
  DISABLED: { label: "Disabled", color: "gray" },
};

export function TechnicianStatusBadge({ status }: { status: TechnicianStatus }) {
  const style = statusStyle[status];
  return (
    <Badge variant="light" color={style.color} style={{ flexShrink: 0, overflow: "visible" }}>
      {style.label}
    </Badge>
  );
}

export function RoleBadge({ isSystemAdmin }: { isSystemAdmin: boolean }) {
  return isSystemAdmin ? (
    <Badge variant="outline" color="violet" style={{ overflow: "visible" }}>
      System administrator
    </Badge>
  ) : (
    <Badge variant="outline" color="gray" style={{ overflow: "visible" }}>
      Technician
    </Badge>
  );
}
