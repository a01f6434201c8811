import { useState } from "react";
import { TextInput } from "@mantine/core";
import { totpCodeField } from "@steward/contracts";
import { useT } from "../../../i18n";

/** Whether a typed code has the shape of a 6-digit code (spaces tolerated). */
export function isCodeWellFormed(value: string): boolean {
  return totpCodeField.safeParse(value).success;
}

interface MfaCodeInputProps {
  value: string;
  onChange: (value: string) => void;
  label?: string;
  autoFocus?: boolean;
  disabled?: boolean;
}

/**
 * A time-based / SMS code field, validated on blur without showing a message —
 * a malformed code only marks the field invalid (and the form keeps its submit disabled).
 */
export function MfaCodeInput({ value, onChange, label, autoFocus, disabled }: MfaCodeInputProps) {
  const t = useT();
  const [blurred, setBlurred] = useState(false);
  const invalid = blurred && value !== "" && !isCodeWellFormed(value);
  return (
    <TextInput
      label={label ?? t("auth.code.label")}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value.replace(/[^\d\s]/g, "").slice(0, 7))}
      onBlur={() => setBlurred(true)}
      onFocus={() => setBlurred(false)}
      error={invalid}
      aria-invalid={invalid}
      inputMode="numeric"
      autoComplete="one-time-code"
      // i18n-exempt: a sample code, digits in every language
      placeholder="123456"
      autoFocus={autoFocus}
      disabled={disabled}
      styles={{ input: { letterSpacing: "0.3em", fontFamily: "var(--mantine-font-family-monospace)" } }}
    />
  );
}
