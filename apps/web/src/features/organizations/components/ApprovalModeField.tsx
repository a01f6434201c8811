import { Radio, Stack } from "@mantine/core";
import type { NodeApprovalMode } from "@steward/contracts";
import { useT, type MessageKey } from "../../../i18n";

/** How each device approval mode is named and explained. */
export const approvalModeText: Record<NodeApprovalMode, { label: MessageKey; description: MessageKey }> = {
  AUTOMATIC: {
    label: "organizations.approval.AUTOMATIC",
    description: "organizations.approval.AUTOMATIC_description",
  },
  MANUAL: {
    label: "organizations.approval.MANUAL",
    description: "organizations.approval.MANUAL_description",
  },
  REJECT: {
    label: "organizations.approval.REJECT",
    description: "organizations.approval.REJECT_description",
  },
};

const modes: NodeApprovalMode[] = ["AUTOMATIC", "MANUAL", "REJECT"];

interface ApprovalModeFieldProps {
  value: NodeApprovalMode;
  onChange: (value: NodeApprovalMode) => void;
  disabled?: boolean;
}

export function ApprovalModeField({ value, onChange, disabled }: ApprovalModeFieldProps) {
  const t = useT();
  return (
    <Radio.Group
      label={t("organizations.approval.label")}
      description={t("organizations.approval.description")}
      value={value}
      onChange={(next) => onChange(next as NodeApprovalMode)}
    >
      <Stack gap="xs" mt="xs">
        {modes.map((mode) => (
          <Radio
            key={mode}
            value={mode}
            label={t(approvalModeText[mode].label)}
            description={t(approvalModeText[mode].description)}
            disabled={disabled}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}
