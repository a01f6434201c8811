import type { ReactNode } from "react";
import {
  Divider,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Textarea,
  Title,
} from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import {
  SCRIPT_ARCHITECTURES,
  SCRIPT_LANGUAGES,
  SCRIPT_MAX_TIMEOUT_SECONDS,
  SCRIPT_OPERATING_SYSTEMS,
  scriptLanguageLabels,
  type ScriptArchitecture,
  type ScriptLanguage,
  type ScriptOs,
} from "@steward/domain";
import { useT } from "../../../i18n";
import { architectureText, scriptOsText } from "../labels";
import { ParametersEditor } from "./ParametersEditor";
import { PresetsEditor } from "./PresetsEditor";
import type { ScriptDraft } from "./script-draft";

// i18n-exempt: the variable name scripts read
const PARAMETER_VARIABLE = "STEWARD_PARAM_<NAME>";

interface ScriptFormProps {
  form: UseFormReturnType<ScriptDraft>;
  readOnly?: boolean;
}

/** Name, description, language, target OS, architecture, timeout, typed parameters, presets and the body. */
export function ScriptForm({ form, readOnly = false }: ScriptFormProps) {
  const t = useT();
  const draft = form.getValues();
  const errors = form.errors as Record<string, ReactNode>;
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <SimpleGrid cols={2}>
            <TextInput
              label={t("common.fields.name")}
              required
              maxLength={200}
              readOnly={readOnly}
              {...form.getInputProps("name")}
            />
            <NumberInput
              label={t("scripts.form.timeout")}
              description={t("scripts.form.timeoutHelp")}
              min={1}
              max={SCRIPT_MAX_TIMEOUT_SECONDS}
              allowDecimal={false}
              allowNegative={false}
              readOnly={readOnly}
              {...form.getInputProps("timeoutSeconds")}
            />
          </SimpleGrid>
          <Textarea
            label={t("common.fields.description")}
            autosize
            minRows={2}
            maxLength={4000}
            readOnly={readOnly}
            {...form.getInputProps("description")}
          />
          <SimpleGrid cols={3}>
            <Select
              label={t("scripts.form.language")}
              allowDeselect={false}
              disabled={readOnly}
              data={SCRIPT_LANGUAGES.map((l) => ({ value: l, label: scriptLanguageLabels[l] }))}
              {...form.getInputProps("language")}
              onChange={(v) => form.setFieldValue("language", (v as ScriptLanguage | null) ?? "bash")}
            />
            <Select
              label={t("scripts.form.os")}
              allowDeselect={false}
              disabled={readOnly}
              data={SCRIPT_OPERATING_SYSTEMS.map((o) => ({ value: o, label: t(scriptOsText[o]) }))}
              {...form.getInputProps("os")}
              onChange={(v) => form.setFieldValue("os", (v as ScriptOs | null) ?? "ANY")}
            />
            <Select
              label={t("scripts.form.architecture")}
              allowDeselect={false}
              disabled={readOnly}
              data={SCRIPT_ARCHITECTURES.map((a) => ({ value: a, label: t(architectureText[a]) }))}
              {...form.getInputProps("architecture")}
              onChange={(v) => form.setFieldValue("architecture", (v as ScriptArchitecture | null) ?? "ALL")}
            />
          </SimpleGrid>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={5} mb="sm">
          {t("scripts.form.parameters")}
        </Title>
        <ParametersEditor
          parameters={draft.parameters}
          onChange={(p) => form.setFieldValue("parameters", p)}
          errors={errors}
          readOnly={readOnly}
        />
        <Divider my="md" />
        <Title order={5} mb="sm">
          {t("scripts.form.presets")}
        </Title>
        <PresetsEditor
          presets={draft.presets}
          parameters={draft.parameters}
          onChange={(p) => form.setFieldValue("presets", p)}
          errors={errors}
          readOnly={readOnly}
        />
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="xs">
          <Title order={5}>{t("scripts.form.script")}</Title>
        </Group>
        <Textarea
          aria-label={t("scripts.form.body")}
          description={t("scripts.form.bodyHelp", { variable: PARAMETER_VARIABLE })}
          autosize
          minRows={14}
          maxRows={40}
          readOnly={readOnly}
          spellCheck={false}
          styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)", fontSize: 13 } }}
          {...form.getInputProps("body")}
        />
      </Paper>
    </Stack>
  );
}
