import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Tooltip,
} from "@mantine/core";
import type { ReactNode } from "react";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import {
  SCRIPT_MAX_PARAMETERS,
  SCRIPT_PARAMETER_TYPES,
  stripScriptText,
  type ScriptParameterType,
} from "@steward/domain";
import { useT } from "../../../i18n";
import { parameterTypeText } from "../labels";

export interface ParameterDraft {
  key: string;
  name: string;
  label: string;
  type: ScriptParameterType;
  required: boolean;
  defaultValue: string;
  choices: string[];
  description: string;
}

let seq = 0;
export const newParameter = (): ParameterDraft => ({
  key: `p${++seq}`,
  name: "",
  label: "",
  type: "text",
  required: false,
  defaultValue: "",
  choices: [],
  description: "",
});

interface ParametersEditorProps {
  parameters: ParameterDraft[];
  onChange: (parameters: ParameterDraft[]) => void;
  errors: Record<string, ReactNode>;
  readOnly?: boolean;
}

/** Typed parameters: name (passed to the script as STEWARD_PARAM_<NAME>), label, type, default. */
export function ParametersEditor({ parameters, onChange, errors, readOnly = false }: ParametersEditorProps) {
  const t = useT();
  const update = (index: number, patch: Partial<ParameterDraft>) =>
    onChange(parameters.map((p, i) => (i === index ? { ...p, ...patch } : p)));
  return (
    <Stack gap="sm">
      {parameters.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("scripts.parameters.none")}
        </Text>
      ) : null}
      {parameters.map((p, index) => {
        const err = (field: string) => errors[`parameters.${index}.${field}`];
        return (
          <Paper key={p.key} withBorder radius="md" p="sm">
            <Stack gap="xs">
              <SimpleGrid cols={4} spacing="xs">
                <TextInput
                  label={t("common.fields.name")}
                  required
                  disabled={readOnly}
                  value={p.name}
                  error={err("name")}
                  maxLength={64}
                  onChange={(e) => update(index, { name: e.currentTarget.value })}
                />
                <TextInput
                  label={t("scripts.parameters.label")}
                  required
                  disabled={readOnly}
                  value={p.label}
                  error={err("label")}
                  maxLength={200}
                  onChange={(e) => update(index, { label: e.currentTarget.value })}
                />
                <Select
                  label={t("common.fields.type")}
                  allowDeselect={false}
                  disabled={readOnly}
                  data={SCRIPT_PARAMETER_TYPES.map((type) => ({
                    value: type,
                    label: t(parameterTypeText[type]),
                  }))}
                  value={p.type}
                  onChange={(v) =>
                    update(index, {
                      type: (v as ScriptParameterType | null) ?? "text",
                      ...(v !== "choice" ? { choices: [] } : {}),
                    })
                  }
                />
                <TextInput
                  label={t("scripts.parameters.default")}
                  disabled={readOnly}
                  value={p.defaultValue}
                  error={err("defaultValue")}
                  onChange={(e) => update(index, { defaultValue: stripScriptText(e.currentTarget.value) })}
                />
              </SimpleGrid>
              {p.type === "choice" ? (
                <TagsInput
                  label={t("scripts.parameters.choices")}
                  description={t("scripts.parameters.choicesHelp")}
                  disabled={readOnly}
                  value={p.choices}
                  error={err("choices")}
                  onChange={(v) => update(index, { choices: v.map(stripScriptText).filter(Boolean) })}
                />
              ) : null}
              <Group justify="space-between" align="flex-end">
                <TextInput
                  label={t("scripts.parameters.helpText")}
                  style={{ flex: 1 }}
                  disabled={readOnly}
                  value={p.description}
                  maxLength={1000}
                  onChange={(e) => update(index, { description: e.currentTarget.value })}
                />
                <Checkbox
                  label={t("scripts.parameters.required")}
                  disabled={readOnly}
                  checked={p.required}
                  onChange={(e) => update(index, { required: e.currentTarget.checked })}
                  mb={8}
                />
                {readOnly ? null : (
                  <Tooltip label={t("scripts.parameters.remove")}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      mb={4}
                      aria-label={t("scripts.parameters.removeNamed", { name: p.name || String(index + 1) })}
                      onClick={() => onChange(parameters.filter((_, i) => i !== index))}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            </Stack>
          </Paper>
        );
      })}
      {readOnly ? null : (
        <Button
          variant="subtle"
          leftSection={<IconPlus size={14} />}
          disabled={parameters.length >= SCRIPT_MAX_PARAMETERS}
          onClick={() => onChange([...parameters, newParameter()])}
          style={{ alignSelf: "flex-start" }}
        >
          {t("scripts.parameters.add")}
        </Button>
      )}
    </Stack>
  );
}
