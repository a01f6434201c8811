import { Badge } from "@mantine/core";
import type { TechnicianStatus } from "@steward/contracts";
import { useT, type MessageKey } from "../../../i18n";

const statusStyle: Record<TechnicianStatus, { label: MessageKey; color: string }> = {
  ACTIVE: { label: "technicians.status.active", color: "teal" },
  INVITED: { label: "technicians.status.invited", color: "blue" },
  DISABLED: { label: "technicians.status.disabled", color: "gray" },
};

export function TechnicianStatusBadge({ status }: { status: TechnicianStatus }) {
  const t = useT();
  const style = statusStyle[status];
  return (
    <Badge variant="light" color={style.color} style={{ flexShrink: 0, overflow: "visible" }}>
      {t(style.label)}
    </Badge>
  );
}

export function RoleBadge({ isSystemAdmin }: { isSystemAdmin: boolean }) {
  const t = useT();
  return isSystemAdmin ? (
    <Badge variant="outline" color="violet" style={{ overflow: "visible" }}>
      {t("technicians.kind.systemAdmin")}
    </Badge>
  ) : (
    <Badge variant="outline" color="gray" style={{ overflow: "visible" }}>
      {t("technicians.kind.technician")}
    </Badge>
  );
}
