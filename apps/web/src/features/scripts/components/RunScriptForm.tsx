import { useMemo, useState, type ReactNode } from "react";
import { Alert, Button, Checkbox, Group, NumberInput, Select, Stack, Text } from "@mantine/core";
import { IconPlayerPlay } from "@tabler/icons-react";
import { z } from "zod";
import type { ScriptParameter, ScriptPreset } from "@steward/contracts";
import {
  SCRIPT_MAX_TIMEOUT_SECONDS,
  initialParameterValues as initialValues,
  messages,
  parameterValueErrors as parameterErrors,
  scriptLanguageLabels,
  type RunAsOs,
} from "@steward/domain";
import { describeError } from "../../../api";
import { useT } from "../../../i18n";
import { useContractForm } from "../../../lib/forms";
import { LoadingState } from "../../../ui";
import { useScript, useScriptTemplate, useScriptTemplates, useScripts } from "../api";
import { scriptOsText } from "../labels";
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
  const t = useT();
  const [choice, setChoice] = useState<ScriptChoiceValue | null>(initialChoice);
  const scripts = useScripts({ page: 1, pageSize: 500, ...(os ? { runnableOn: os } : {}) });
  const templates = useScriptTemplates();
  const libraryId = choice?.startsWith("s:") ? Number(choice.slice(2)) : null;
  const templateId = choice?.startsWith("t:") ? choice.slice(2) : null;
  const library = useScript(libraryId);
  const template = useScriptTemplate(templateId);

  const fits = (scriptOs: string) => os === null || scriptOs === "ANY" || scriptOs === os;
  const optionLabel = (s: {
    name: string;
    language: keyof typeof scriptLanguageLabels;
    os: keyof typeof scriptOsText;
  }) =>
    t("scripts.run.option", {
      name: s.name,
      language: scriptLanguageLabels[s.language],
      os: t(scriptOsText[s.os]),
    });
  const data = [
    {
      group: t("scripts.run.scriptLibrary"),
      items: (scripts.data?.items ?? []).map((s) => ({ value: `s:${s.id}`, label: optionLabel(s) })),
    },
    {
      group: t("scripts.run.templateScripts"),
      items: (templates.data ?? [])
        .filter((s) => fits(s.os))
        .map((s) => ({ value: `t:${s.id}`, label: optionLabel(s) })),
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
        label={t("scripts.run.script")}
        placeholder={
          scripts.isPending || templates.isPending ? t("scripts.run.loadingScripts") : t("scripts.run.choose")
        }
        searchable
        nothingFoundMessage={t("scripts.run.nothingFits")}
        data={data}
        value={choice}
        onChange={(v) => setChoice((v as ScriptChoiceValue | null) ?? null)}
        error={scripts.isError ? describeError(scripts.error) : undefined}
      />
      {loadingChoice ? <LoadingState label={t("scripts.run.loadingScript")} /> : null}
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

interface RunValues extends Record<string, unknown> {
  presetName: string;
  runAs: string;
  timeoutSeconds: string | number;
  wakeFirst: boolean;
  values: ParameterValues;
}

/** What a run needs: a timeout in whole seconds and parameter values the script's types accept. */
function runSchema(parameters: readonly ScriptParameter[]) {
  return z.object({
    timeoutSeconds: z.preprocess(
      (v) => (v === "" || v === null || v === undefined ? undefined : Number(v)),
      z
        .number({ message: messages.mandatory })
        .int()
        .min(1, messages.numeric.greaterOrEqual(1))
        .max(SCRIPT_MAX_TIMEOUT_SECONDS, messages.numeric.lessOrEqual(SCRIPT_MAX_TIMEOUT_SECONDS)),
    ),
    values: z.record(z.string(), z.string()).superRefine((values, ctx) => {
      for (const [name, message] of Object.entries(parameterErrors(parameters, values)))
        ctx.addIssue({ code: "custom", path: [name], message });
    }),
  });
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
  const t = useT();
  const script = chosen.script;
  const parameters: ScriptParameter[] = script.parameters;
  const presets: ScriptPreset[] = script.presets;
  const schema = useMemo(() => runSchema(parameters), [parameters]);
  const form = useContractForm<RunValues>(schema, {
    initialValues: {
      presetName: "",
      runAs: "System",
      timeoutSeconds: script.timeoutSeconds,
      wakeFirst: false,
      values: initialValues(parameters),
    },
  });
  const { presetName, values } = form.getValues();
  const parameterMessages: Record<string, ReactNode> = {};
  for (const [path, message] of Object.entries(form.errors))
    if (path.startsWith("values.")) parameterMessages[path.slice("values.".length)] = message;

  const handleRun = (run: RunValues) =>
    onRun(
      chosen,
      {
        presetName: run.presetName || null,
        runAs: run.runAs,
        timeoutSeconds: Number(run.timeoutSeconds),
        values: run.values,
      },
      run.wakeFirst,
    );

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
          value={form.getValues().runAs}
          onChange={(value) => form.setFieldValue("runAs", value)}
          disabled={busy}
        />
        <Select
          label={t("scripts.run.presetParameters")}
          allowDeselect={false}
          disabled={busy || presets.length === 0}
          data={[
            { value: "", label: presets.length ? t("scripts.run.defaults") : t("scripts.run.noPresets") },
            ...presets.map((p) => ({ value: p.name, label: p.name })),
          ]}
          value={presetName}
          onChange={(v) => {
            const name = v ?? "";
            form.setValues({
              presetName: name,
              values: initialValues(
                parameters,
                presets.find((p) => p.name === name),
              ),
            });
            form.clearErrors();
          }}
        />
        <NumberInput
          label={t("scripts.run.timeout")}
          min={1}
          max={SCRIPT_MAX_TIMEOUT_SECONDS}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps("timeoutSeconds")}
          disabled={busy}
        />
      </Group>
      <ParameterInputs
        parameters={parameters}
        values={values}
        errors={parameterMessages}
        disabled={busy}
        onChange={(next) => {
          // After a failed run the values are checked again with every change.
          const checked = Object.keys(parameterMessages).length > 0;
          form.setFieldValue("values", next);
          if (checked) form.validate();
        }}
      />
      {offerWake ? (
        <Checkbox
          label={t("scripts.run.wake")}
          description={t("scripts.run.wakeHelp")}
          {...form.getInputProps("wakeFirst", { type: "checkbox" })}
        />
      ) : null}
      <Group>
        <Button
          leftSection={<IconPlayerPlay size={16} />}
          onClick={() => form.onSubmit(handleRun)()}
          loading={busy}
        >
          {t("scripts.run.submit")}
        </Button>
      </Group>
    </Stack>
  );
}
