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
import type { FieldErrors } from "../../../lib/forms";
import { scriptOsLabels } from "../../../lib/os-labels";
import { architectureLabels } from "../labels";
import { ParametersEditor } from "./ParametersEditor";
import { PresetsEditor } from "./PresetsEditor";
import type { ScriptDraft } from "./script-draft";

interface ScriptFormProps {
  draft: ScriptDraft;
  onChange: (draft: ScriptDraft) => void;
  errors: FieldErrors;
  readOnly?: boolean;
}

/** Name, description, language, target OS, architecture, timeout, typed parameters, presets and the body. */
export function ScriptForm({ draft, onChange, errors, readOnly = false }: ScriptFormProps) {
  const set = <K extends keyof ScriptDraft>(key: K, value: ScriptDraft[K]) =>
    onChange({ ...draft, [key]: value });
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <SimpleGrid cols={2}>
            <TextInput
              label="Name"
              required
              maxLength={200}
              readOnly={readOnly}
              value={draft.name}
              error={errors.name}
              onChange={(e) => set("name", e.currentTarget.value)}
            />
            <NumberInput
              label="Timeout (seconds)"
              description="The agent stops the script after this long"
              min={1}
              max={SCRIPT_MAX_TIMEOUT_SECONDS}
              allowDecimal={false}
              allowNegative={false}
              readOnly={readOnly}
              value={draft.timeoutSeconds}
              error={errors.timeoutSeconds}
              onChange={(v) => set("timeoutSeconds", v)}
            />
          </SimpleGrid>
          <Textarea
            label="Description"
            autosize
            minRows={2}
            maxLength={4000}
            readOnly={readOnly}
            value={draft.description}
            onChange={(e) => set("description", e.currentTarget.value)}
          />
          <SimpleGrid cols={3}>
            <Select
              label="Language"
              allowDeselect={false}
              disabled={readOnly}
              data={SCRIPT_LANGUAGES.map((l) => ({ value: l, label: scriptLanguageLabels[l] }))}
              value={draft.language}
              onChange={(v) => set("language", (v as ScriptLanguage | null) ?? "bash")}
            />
            <Select
              label="Operating system"
              allowDeselect={false}
              disabled={readOnly}
              data={SCRIPT_OPERATING_SYSTEMS.map((o) => ({ value: o, label: scriptOsLabels[o] }))}
              value={draft.os}
              onChange={(v) => set("os", (v as ScriptOs | null) ?? "ANY")}
            />
            <Select
              label="Architecture"
              allowDeselect={false}
              disabled={readOnly}
              data={SCRIPT_ARCHITECTURES.map((a) => ({ value: a, label: architectureLabels[a] }))}
              value={draft.architecture}
              onChange={(v) => set("architecture", (v as ScriptArchitecture | null) ?? "ALL")}
            />
          </SimpleGrid>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={5} mb="sm">
          Parameters
        </Title>
        <ParametersEditor
          parameters={draft.parameters}
          onChange={(p) => set("parameters", p)}
          errors={errors}
          readOnly={readOnly}
        />
        <Divider my="md" />
        <Title order={5} mb="sm">
          Presets
        </Title>
        <PresetsEditor
          presets={draft.presets}
          parameters={draft.parameters}
          onChange={(p) => set("presets", p)}
          errors={errors}
          readOnly={readOnly}
        />
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="xs">
          <Title order={5}>Script</Title>
        </Group>
        <Textarea
          aria-label="Script body"
          description="Parameters arrive as environment variables STEWARD_PARAM_<NAME> and as arguments in their order; they are never spliced into the script text."
          autosize
          minRows={14}
          maxRows={40}
          readOnly={readOnly}
          value={draft.body}
          error={errors.body}
          spellCheck={false}
          styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)", fontSize: 13 } }}
          onChange={(e) => set("body", e.currentTarget.value)}
        />
      </Paper>
    </Stack>
  );
}
