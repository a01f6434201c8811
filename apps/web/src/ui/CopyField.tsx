import { TextInput } from "@mantine/core";
import { CopyIconButton } from "./CopyIconButton";

interface CopyFieldProps {
  label: string;
  value: string;
  copyLabel?: string;
  testId?: string;
}

/** A read-only value with a copy button (invite links, secrets). */
export function CopyField({ label, value, copyLabel = "Copy", testId }: CopyFieldProps) {
  return (
    <TextInput
      label={label}
      value={value}
      readOnly
      data-testid={testId}
      onFocus={(event) => event.currentTarget.select()}
      rightSection={<CopyIconButton value={value} label={copyLabel} variant="subtle" color="gray" />}
    />
  );
}
