import { TextInput } from "@mantine/core";
import { useT } from "../i18n";
import { CopyIconButton } from "./CopyIconButton";

interface CopyFieldProps {
  label: string;
  value: string;
  copyLabel?: string;
  testId?: string;
}

/** A read-only value with a copy button (invite links, secrets). */
export function CopyField({ label, value, copyLabel, testId }: CopyFieldProps) {
  const t = useT();
  return (
    <TextInput
      label={label}
      value={value}
      readOnly
      data-testid={testId}
      onFocus={(event) => event.currentTarget.select()}
      rightSection={
        <CopyIconButton
          value={value}
          label={copyLabel ?? t("common.actions.copy")}
          variant="subtle"
          color="gray"
        />
      }
    />
  );
}
