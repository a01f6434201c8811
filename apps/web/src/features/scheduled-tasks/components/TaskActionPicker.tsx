import { Anchor, Group, NumberInput, Select, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import {
  SCRIPT_MAX_TIMEOUT_SECONDS,
  initialParameterValues as initialValues,
  scriptLanguageLabels,
  type RunAsOs,
} from "@steward/domain";
import { scriptOsLabels } from "../../../lib/os-labels";
import { ParameterInputs, RunAsSelect, useScript, useScripts } from "../../scripts";

export interface TaskAction {
  scriptId: number | null;
  presetName: string | null;
  runAs: string;
  /** "" means the script's own timeout. */
  timeoutSeconds: number | string;
  values: Record<string, string>;
}

interface TaskActionPickerProps {
  value: TaskAction;
  onChange: (value: TaskAction) => void;
  errors: Record<string, string>;
  organizationId: number | null;
  disabled?: boolean;
}

/** A library script, its preset, Run As, timeout and parameter values. */
export function TaskActionPicker({
  value,
  onChange,
  errors,
  organizationId,
  disabled,
}: TaskActionPickerProps) {
  const scripts = useScripts({ page: 1, pageSize: 500 });
  const script = useScript(value.scriptId);
  const set = <K extends keyof TaskAction>(key: K, v: TaskAction[K]) => onChange({ ...value, [key]: v });
  const os: RunAsOs | null = script.data && script.data.os !== "ANY" ? script.data.os : null;
  const presets = script.data?.presets ?? [];

  return (
    <Stack gap="sm">
      <Select
        label="Script"
        placeholder={scripts.isPending ? "Loading scripts…" : "Choose a library script"}
        searchable
        required
        disabled={disabled}
        nothingFoundMessage="No script in your library"
        data={(scripts.data?.items ?? []).map((s) => ({
          value: String(s.id),
          label: `${s.name} (${scriptLanguageLabels[s.language]}, ${scriptOsLabels[s.os]})`,
        }))}
        value={value.scriptId === null ? null : String(value.scriptId)}
        error={errors.script}
        onChange={(v) =>
          onChange({
            scriptId: v ? Number(v) : null,
            presetName: null,
            runAs: "System",
            timeoutSeconds: "",
            values: {},
          })
        }
      />
      <Text size="xs" c="dimmed">
        Tasks run library scripts (their current version at each run). To schedule a template script,{" "}
        <Anchor component={Link} to="/administration/library/scripting/1?view=templates" size="xs">
          copy it into your library
        </Anchor>{" "}
        first.
      </Text>
      {script.data ? (
        <>
          <Group grow align="flex-start">
            <RunAsSelect
              os={os}
              organizationId={organizationId}
              value={value.runAs}
              onChange={(v) => set("runAs", v)}
              disabled={disabled}
            />
            <Select
              label="Preset parameters"
              allowDeselect={false}
              disabled={disabled || presets.length === 0}
              data={[
                { value: "", label: presets.length ? "Defaults" : "No presets" },
                ...presets.map((p) => ({ value: p.name, label: p.name })),
              ]}
              value={value.presetName ?? ""}
              onChange={(v) => {
                const name = v || null;
                onChange({
                  ...value,
                  presetName: name,
                  values: initialValues(
                    script.data.parameters,
                    presets.find((p) => p.name === name),
                  ),
                });
              }}
            />
            <NumberInput
              label="Timeout (seconds)"
              placeholder={`Script default: ${script.data.timeoutSeconds}`}
              min={1}
              max={SCRIPT_MAX_TIMEOUT_SECONDS}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              disabled={disabled}
              value={value.timeoutSeconds}
              error={errors.timeoutSeconds}
              onChange={(v) => set("timeoutSeconds", v)}
            />
          </Group>
          <ParameterInputs
            parameters={script.data.parameters}
            values={{
              ...initialValues(
                script.data.parameters,
                presets.find((p) => p.name === value.presetName),
              ),
              ...value.values,
            }}
            errors={errors}
            disabled={disabled}
            onChange={(values) => set("values", values)}
          />
        </>
      ) : null}
    </Stack>
  );
}
