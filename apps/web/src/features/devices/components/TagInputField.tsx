import { TextInput } from "@mantine/core";
import { useT } from "../../../i18n";

interface TagInputFieldProps {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  label?: string;
  autoFocus?: boolean;
}

/** A single tag; the caller checks it with validateTag and passes the spec's message as error. */
export function TagInputField({ value, onChange, error, label, autoFocus }: TagInputFieldProps) {
  const t = useT();
  return (
    <TextInput
      label={label ?? t("devices.tags.label")}
      value={value}
      error={error}
      autoFocus={autoFocus}
      description={t("devices.tags.rules")}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
