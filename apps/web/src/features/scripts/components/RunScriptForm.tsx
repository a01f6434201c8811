import { useState } from "react";
import { Alert, Button, Checkbox, Group, NumberInput, Select, Stack, Text } from "@mantine/core";
import { IconPlayerPlay } from "@tabler/icons-react";
import type { ScriptParameter, ScriptPreset } from "@steward/contracts";
import {
  SCRIPT_MAX_TIMEOUT_SECONDS,
  initialParameterValues as initialValues,
  parameterValueErrors as parameterErrors,
  scriptLanguageLabels,
  type RunAsOs,
} from "@steward/domain";
import { describeError } from "../../../api";
import { LoadingState } from "../../../ui";
import { useScript, useScriptTemplate, useScriptTemplates, useScripts } from "../api";
import { scriptOsLabels } from "../../../lib/os-labels";
import { ParameterInputs, type ParameterValues } from "./ParameterInputs";
import { RunAsSelect } from "./RunAsSelect";
import type { ChosenScript, RunSettings, ScriptChoiceValue } from "./script-choice";

interface RunScriptFormProps {
  os: RunAsOs | null;
  organizationId: number | null;
  /** Offer Wake-on-LAN first (a single device that is offline). */
  offerWake: boolean;
  busy: boolean;
  onRun: (chosen: ChosenScript, settings: RunSettings, wakeFirst: boolean) => void;
  initialChoice?: ScriptChoiceValue | null;
}

/** Script choice, the Run As and preset-parameter selector, parameters and timeout. */
export function RunScriptForm({
  os,
  organizationId,
  offerWake,
  busy,
  onRun,
  initialChoice = null,
}: RunScriptFormProps) {
  const [choice, setChoice] = useState<ScriptChoiceValue | null>(initialChoice);
  const scripts = useScripts({ page: 1, pageSize: 500, ...(os ? { runnableOn: os } : {}) });
  const templates = useScriptTemplates();
  const libraryId = choice?.startsWith("s:") ? Number(choice.slice(2)) : null;
  const templateId = choice?.startsWith("t:") ? choice.slice(2) : null;
  const library = useScript(libraryId);
  const template = useScriptTemplate(templateId);

  const fits = (scriptOs: string) => os === null || scriptOs === "ANY" || scriptOs === os;
  const data = [
    {
      group: "Script library",
      items: (scripts.data?.items ?? []).map((s) => ({
        value: `s:${s.id}`,
        label: `${s.name} (${scriptLanguageLabels[s.language]}, ${scriptOsLabels[s.os]})`,
      })),
    },
    {
      group: "Template scripts",
      items: (templates.data ?? [])
        .filter((t) => fits(t.os))
        .map((t) => ({
          value: `t:${t.id}`,
          label: `${t.name} (${scriptLanguageLabels[t.language]}, ${scriptOsLabels[t.os]})`,
        })),
    },
  ].filter((g) => g.items.length > 0);

  const chosen: ChosenScript | null = library.data
    ? { kind: "library", script: library.data }
    : template.data
      ? { kind: "template", script: template.data }
      : null;
  const loadingChoice =
    (libraryId !== null && library.isPending) || (templateId !== null && template.isPending);
  const choiceError = library.error ?? template.error;

  return (
    <Stack gap="sm">
      <Select
        label="Script"
        placeholder={scripts.isPending || templates.isPending ? "Loading scripts…" : "Choose a script"}
        searchable
        nothingFoundMessage="No script fits these devices"
        data={data}
        value={choice}
        onChange={(v) => setChoice((v as ScriptChoiceValue | null) ?? null)}
        error={scripts.isError ? describeError(scripts.error) : undefined}
      />
      {loadingChoice ? <LoadingState label="Loading the script…" /> : null}
      {choiceError ? (
        <Alert color="red" variant="light" role="alert">
          {describeError(choiceError)}
        </Alert>
      ) : null}
      {chosen ? (
        <ScriptRunSettings
          key={choice}
          chosen={chosen}
          os={os}
          organizationId={organizationId}
          offerWake={offerWake}
          busy={busy}
          onRun={onRun}
        />
      ) : null}
    </Stack>
  );
}

function ScriptRunSettings({
  chosen,
  os,
  organizationId,
  offerWake,
  busy,
  onRun,
}: {
  chosen: ChosenScript;
  os: RunAsOs | null;
  organizationId: number | null;
  offerWake: boolean;
  busy: boolean;
  onRun: RunScriptFormProps["onRun"];
}) {
  const script = chosen.script;
  const parameters: ScriptParameter[] = script.parameters;
  const presets: ScriptPreset[] = script.presets;
  const [presetName, setPresetName] = useState<string | null>(null);
  const [values, setValues] = useState<ParameterValues>(() => initialValues(parameters));
  const [runAs, setRunAs] = useState("System");
  const [timeout, setTimeoutSeconds] = useState<string | number>(script.timeoutSeconds);
  const [wakeFirst, setWakeFirst] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const handleRun = () => {
    const found = parameterErrors(parameters, values);
    setErrors(found);
    const seconds = Number(timeout);
    if (Object.keys(found).length > 0 || !Number.isInteger(seconds) || seconds < 1) return;
    onRun(chosen, { presetName, runAs, timeoutSeconds: seconds, values }, wakeFirst);
  };

  return (
    <Stack gap="sm">
      {script.description ? (
        <Text size="sm" c="dimmed">
          {script.description}
        </Text>
      ) : null}
      <Group grow align="flex-start">
        <RunAsSelect
          os={os}
          organizationId={organizationId}
          value={runAs}
          onChange={setRunAs}
          disabled={busy}
        />
        <Select
          label="Preset parameters"
          allowDeselect={false}
          disabled={busy || presets.length === 0}
          data={[
            { value: "", label: presets.length ? "Defaults" : "No presets" },
            ...presets.map((p) => ({ value: p.name, label: p.name })),
          ]}
          value={presetName ?? ""}
          onChange={(v) => {
            const name = v || null;
            setPresetName(name);
            setValues(
              initialValues(
                parameters,
                presets.find((p) => p.name === name),
              ),
            );
            setErrors({});
          }}
        />
        <NumberInput
          label="Timeout (seconds)"
          min={1}
          max={SCRIPT_MAX_TIMEOUT_SECONDS}
          allowDecimal={false}
          allowNegative={false}
          value={timeout}
          onChange={setTimeoutSeconds}
          disabled={busy}
        />
      </Group>
      <ParameterInputs
        parameters={parameters}
        values={values}
        errors={errors}
        disabled={busy}
        onChange={(next) => {
          setValues(next);
          setErrors((current) => (Object.keys(current).length ? parameterErrors(parameters, next) : current));
        }}
      />
      {offerWake ? (
        <Checkbox
          label="Wake the device first (Wake-on-LAN)"
          description="The device is offline. Another online device in its network sends the wake-up packet."
          checked={wakeFirst}
          onChange={(e) => setWakeFirst(e.currentTarget.checked)}
        />
      ) : null}
      <Group>
        <Button leftSection={<IconPlayerPlay size={16} />} onClick={handleRun} loading={busy}>
          Run script
        </Button>
      </Group>
    </Stack>
  );
}
