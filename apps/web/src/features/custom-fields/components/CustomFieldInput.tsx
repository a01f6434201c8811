import { Checkbox, MultiSelect, Select, TextInput, Textarea } from "@mantine/core";
import type { CustomFieldDefinition } from "@steward/contracts";
import { blockedKey, sanitizeNumericInput } from "@steward/domain";
import type { DraftValue } from "./field-draft";

interface CustomFieldInputProps {
  field: Pick<CustomFieldDefinition, "type" | "label" | "description" | "options" | "behaviour">;
  value: DraftValue;
  onChange: (value: DraftValue) => void;
  onBlur?: () => void;
  error?: string | null;
  disabled?: boolean;
  /** Shown under the input: where an inherited value comes from. */
  hint?: string;
  placeholder?: string;
}

/** One custom field's input for its type, with the spec's key blocking and stripping for numbers. */
export function CustomFieldInput({
  field,
  value,
  onChange,
  onBlur,
  error,
  disabled,
  hint,
  placeholder,
}: CustomFieldInputProps) {
  const common = {
    label: field.label,
    description: [field.description, hint].filter(Boolean).join(" · ") || undefined,
    error: error ?? undefined,
    disabled,
    required: field.behaviour === "REQUIRED",
    onBlur,
    placeholder,
  };
  const text = typeof value === "string" ? value : "";
  switch (field.type) {
    case "TEXT":
    case "IP_ADDRESS":
      return <TextInput {...common} value={text} onChange={(e) => onChange(e.currentTarget.value)} />;
    case "MULTI_LINE":
      return (
        <Textarea
          {...common}
          autosize
          minRows={2}
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case "INTEGER":
    case "DECIMAL":
      return (
        <TextInput
          {...common}
          inputMode={field.type === "INTEGER" ? "numeric" : "decimal"}
          value={text}
          onKeyDown={(event) => {
            if (blockedKey(field.type, event.key)) event.preventDefault();
          }}
          onChange={(event) => {
            const text = event.currentTarget.value;
            // Keys are blocked and typed text stripped to what the type allows; pasted or dropped text, which no
            // key blocking sees, stays as it came so its message can say why it cannot be saved.
            const inputType = (event.nativeEvent as Partial<InputEvent>).inputType ?? "";
            const fromClipboard = inputType === "insertFromPaste" || inputType === "insertFromDrop";
            onChange(fromClipboard ? text : sanitizeNumericInput(field.type, text));
          }}
        />
      );
    case "CHECKBOX":
      return (
        <Checkbox
          label={field.label}
          description={common.description}
          error={common.error}
          disabled={disabled}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
          onBlur={onBlur}
          mt="xs"
        />
      );
    case "DATE":
      return (
        <TextInput {...common} type="date" value={text} onChange={(e) => onChange(e.currentTarget.value)} />
      );
    case "DATE_TIME":
      return (
        <TextInput
          {...common}
          type="datetime-local"
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case "DROPDOWN":
      return (
        <Select
          {...common}
          data={field.options.choices ?? []}
          value={text || null}
          clearable
          onChange={(next) => onChange(next ?? "")}
        />
      );
    case "MULTI_SELECT":
      return (
        <MultiSelect
          {...common}
          data={field.options.choices ?? []}
          value={Array.isArray(value) ? value : []}
          clearable
          onChange={onChange}
        />
      );
  }
}
