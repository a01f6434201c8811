import { Anchor, Group, NumberInput, Select, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import {
  SCRIPT_MAX_TIMEOUT_SECONDS,
  initialParameterValues as initialValues,
  scriptLanguageLabels,
  type RunAsOs,
  type ScriptOs,
} from "@steward/domain";
import { useT, type MessageKey } from "../../../i18n";
import { ParameterInputs, RunAsSelect, useScript, useScripts } from "../../scripts";

export interface TaskAction {
  scriptId: number | null;
  presetName: string | null;
  runAs: string;
  /** "" means the script's own timeout. */
  timeoutSeconds: number | string;
  values: Record<string, string>;
}

/** The operating systems a script is written for, as the script picker names them. */
const scriptOsText: Record<ScriptOs, MessageKey> = {
  WINDOWS: "scheduledTasks.scriptOs.WINDOWS",
  MAC: "scheduledTasks.scriptOs.MAC",
  LINUX: "scheduledTasks.scriptOs.LINUX",
  ANY: "scheduledTasks.scriptOs.ANY",
};

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
  const t = useT();
  const scripts = useScripts({ page: 1, pageSize: 500 });
  const script = useScript(value.scriptId);
  const set = <K extends keyof TaskAction>(key: K, v: TaskAction[K]) => onChange({ ...value, [key]: v });
  const os: RunAsOs | null = script.data && script.data.os !== "ANY" ? script.data.os : null;
  const presets = script.data?.presets ?? [];

  return (
    <Stack gap="sm">
      <Select
        label={t("scheduledTasks.action.script")}
        placeholder={t(
          scripts.isPending ? "scheduledTasks.action.loadingScripts" : "scheduledTasks.action.chooseScript",
        )}
        searchable
        required
        disabled={disabled}
        nothingFoundMessage={t("scheduledTasks.action.noScript")}
        data={(scripts.data?.items ?? []).map((s) => ({
          value: String(s.id),
          label: t("scheduledTasks.action.scriptOption", {
            name: s.name,
            language: scriptLanguageLabels[s.language],
            os: t(scriptOsText[s.os]),
          }),
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
        {t.rich("scheduledTasks.action.templateHint", {
          link: (chunks) => (
            <Anchor component={Link} to="/administration/library/scripting/1?view=templates" size="xs">
              {chunks}
            </Anchor>
          ),
        })}
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
              label={t("scheduledTasks.action.preset")}
              allowDeselect={false}
              disabled={disabled || presets.length === 0}
              data={[
                {
                  value: "",
                  label: t(
                    presets.length ? "scheduledTasks.action.defaults" : "scheduledTasks.action.noPresets",
                  ),
                },
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
              label={t("scheduledTasks.action.timeout")}
              placeholder={t("scheduledTasks.action.timeoutPlaceholder", {
                seconds: script.data.timeoutSeconds,
              })}
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
