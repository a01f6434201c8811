import { TextInput } from "@mantine/core";

interface TagInputFieldProps {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  label?: string;
  autoFocus?: boolean;
}

/** A single tag; the caller checks it with validateTag and passes the spec's message as error. */
export function TagInputField({ value, onChange, error, label = "Tag", autoFocus }: TagInputFieldProps) {
  return (
    <TextInput
      label={label}
      value={value}
      error={error}
      autoFocus={autoFocus}
      description="At most 25 characters; no spaces, quotes or commas"
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
