import type { ReactNode } from "react";
import { NumberInput, Select, SimpleGrid, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import type { Condition, ConditionCheck, ConditionKind } from "@steward/domain";
import { useT, type MessageKey } from "../../../i18n";

export type ConditionForm = UseFormReturnType<Condition>;

/** A library script the technician can pick. */
export interface ScriptChoice {
  value: string;
  label: string;
}

export interface CheckFieldsProps {
  form: ConditionForm;
  /** Where the check sits in the form's values ("check", "check.parts.1"). */
  path: string;
  check: ConditionCheck;
  /** The kinds the kind drop-down offers. */
  kinds: readonly ConditionKind[];
  scripts: ScriptChoice[];
  scriptsError: boolean;
  disabled: boolean;
}

/** What the fields of one kind need (the kind itself is chosen above them). */
export type FieldsProps = Omit<CheckFieldsProps, "kinds">;

const round = (n: number) => Math.round(n * 1000) / 1000;

/** Helpers that bind one field of the check to an input. */
export function useFieldBinders({ form, path, disabled }: Pick<FieldsProps, "form" | "path" | "disabled">) {
  const t = useT();
  const at = (field: string) => `${path}.${field}`;
  const set = (field: string, value: unknown) => form.setFieldValue(at(field), value as never);
  const error = (field: string): ReactNode => form.errors[at(field)];
  const value = (field: string): unknown =>
    at(field)
      .split(".")
      .reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], form.getValues());

  return {
    /** A required number; `scale` divides the stored value for display. */
    number: (
      field: string,
      label: string,
      opts: {
        scale?: number;
        description?: string;
        decimals?: boolean;
        optional?: boolean;
        min?: number;
        max?: number;
      } = {},
    ) => {
      const scale = opts.scale ?? 1;
      const v = value(field);
      return (
        <NumberInput
          label={label}
          description={opts.description}
          required={!opts.optional}
          disabled={disabled}
          allowDecimal={opts.decimals ?? false}
          min={opts.min}
          max={opts.max}
          clampBehavior={opts.max !== undefined ? "strict" : "blur"}
          value={typeof v === "number" ? round(v / scale) : ""}
          onChange={(next) => {
            if (next === "" || next === "-") set(field, opts.optional ? undefined : "");
            else set(field, Number(next) * scale);
          }}
          error={error(field)}
        />
      );
    },
    /** A "for N minutes" duration kept in seconds. */
    minutes: (field: string, label: string, description?: string) => {
      const v = value(field);
      return (
        <NumberInput
          label={label}
          description={description}
          disabled={disabled}
          allowDecimal={false}
          min={0}
          max={1440}
          clampBehavior="strict"
          value={typeof v === "number" ? Math.round(v / 60) : ""}
          onChange={(next) => set(field, next === "" ? "" : Number(next) * 60)}
          error={error(field)}
        />
      );
    },
    text: (field: string, label: string, opts: { description?: string; optional?: boolean } = {}) => {
      const v = value(field);
      return (
        <TextInput
          label={label}
          description={opts.description}
          required={!opts.optional}
          disabled={disabled}
          value={typeof v === "string" ? v : ""}
          onChange={(e) => {
            const next = e.currentTarget.value;
            set(field, opts.optional && next === "" ? undefined : next);
          }}
          error={error(field)}
        />
      );
    },
    choice: (
      field: string,
      label: string,
      options: Record<string, MessageKey>,
      onChosen?: (value: string) => void,
    ) => (
      <Select
        label={label}
        data={Object.entries(options).map(([value, key]) => ({ value, label: t(key) }))}
        value={String(value(field))}
        allowDeselect={false}
        disabled={disabled}
        onChange={(next) => {
          if (next === null) return;
          if (onChosen) onChosen(next);
          else set(field, next);
        }}
        error={error(field)}
      />
    ),
    set,
  };
}

/** Lays settings out in two columns (one on narrow screens). */
export function FieldGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
      {children}
    </SimpleGrid>
  );
}
