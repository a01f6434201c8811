import { Select, SimpleGrid, Switch, TextInput } from "@mantine/core";
import type { ScriptParameter } from "@steward/contracts";
import { stripScriptText } from "@steward/domain";
import type { ReactNode } from "react";

export type ParameterValues = Record<string, string>;

interface ParameterInputsProps {
  parameters: readonly ScriptParameter[];
  values: ParameterValues;
  onChange: (values: ParameterValues) => void;
  /** Messages by parameter name, already in the reader's language. */
  errors: Record<string, ReactNode>;
  disabled?: boolean;
}

/** Typed inputs for a script's parameters; & | ; $ > < ` ! are stripped as the user types. */
export function ParameterInputs({ parameters, values, onChange, errors, disabled }: ParameterInputsProps) {
  if (parameters.length === 0) return null;
  const set = (name: string, value: string) => onChange({ ...values, [name]: stripScriptText(value) });
  return (
    <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
      {parameters.map((p) => {
        const common = {
          label: p.label,
          description: p.description || undefined,
          required: p.required,
          error: errors[p.name],
          disabled,
        };
        switch (p.type) {
          case "boolean":
            return (
              <Switch
                key={p.name}
                label={p.label}
                description={p.description || undefined}
                error={errors[p.name]}
                disabled={disabled}
                mt="lg"
                checked={values[p.name] === "true"}
                onChange={(e) => set(p.name, e.currentTarget.checked ? "true" : "false")}
              />
            );
          case "choice":
            return (
              <Select
                key={p.name}
                {...common}
                data={p.choices ?? []}
                clearable={!p.required}
                value={values[p.name] || null}
                onChange={(v) => set(p.name, v ?? "")}
              />
            );
          case "number":
            return (
              <TextInput
                key={p.name}
                {...common}
                inputMode="decimal"
                value={values[p.name] ?? ""}
                onChange={(e) => set(p.name, e.currentTarget.value)}
              />
            );
          case "text":
            return (
              <TextInput
                key={p.name}
                {...common}
                value={values[p.name] ?? ""}
                onChange={(e) => set(p.name, e.currentTarget.value)}
              />
            );
        }
      })}
    </SimpleGrid>
  );
}
