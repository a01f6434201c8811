import { Radio, Stack } from "@mantine/core";
import type { NodeApprovalMode } from "@steward/contracts";

export const approvalModeLabels: Record<NodeApprovalMode, { label: string; description: string }> = {
  AUTOMATIC: { label: "Automatic", description: "New devices are approved as soon as their agent enrolls." },
  MANUAL: { label: "Manual", description: "A technician approves each new device before it is managed." },
  REJECT: { label: "Reject", description: "New devices are rejected; no agent can enroll." },
};

const modes: NodeApprovalMode[] = ["AUTOMATIC", "MANUAL", "REJECT"];

interface ApprovalModeFieldProps {
  value: NodeApprovalMode;
  onChange: (value: NodeApprovalMode) => void;
  disabled?: boolean;
}

export function ApprovalModeField({ value, onChange, disabled }: ApprovalModeFieldProps) {
  return (
    <Radio.Group
      label="Device approval mode"
      description="What happens when a new device's agent enrolls in this organization."
      value={value}
      onChange={(next) => onChange(next as NodeApprovalMode)}
    >
      <Stack gap="xs" mt="xs">
        {modes.map((mode) => (
          <Radio
            key={mode}
            value={mode}
            label={approvalModeLabels[mode].label}
            description={approvalModeLabels[mode].description}
            disabled={disabled}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}
