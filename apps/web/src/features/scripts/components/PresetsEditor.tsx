import { ActionIcon, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import type { ReactNode } from "react";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { SCRIPT_MAX_PRESETS, stripScriptText } from "@steward/domain";
import { useT } from "../../../i18n";
import type { ParameterDraft } from "./ParametersEditor";

export interface PresetDraft {
  key: string;
  name: string;
  values: Record<string, string>;
}

let seq = 0;
export const newPreset = (): PresetDraft => ({ key: `s${++seq}`, name: "", values: {} });

interface PresetsEditorProps {
  presets: PresetDraft[];
  parameters: ParameterDraft[];
  onChange: (presets: PresetDraft[]) => void;
  errors: Record<string, ReactNode>;
  readOnly?: boolean;
}

/** Named sets of parameter values ("Quick", "Deep" …) offered in the Run As and preset selector. */
export function PresetsEditor({
  presets,
  parameters,
  onChange,
  errors,
  readOnly = false,
}: PresetsEditorProps) {
  const t = useT();
  const update = (index: number, patch: Partial<PresetDraft>) =>
    onChange(presets.map((p, i) => (i === index ? { ...p, ...patch } : p)));
  const named = parameters.filter((p) => p.name.trim() !== "");
  return (
    <Stack gap="sm">
      {presets.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("scripts.presets.none")}
        </Text>
      ) : null}
      {presets.map((preset, index) => (
        <Paper key={preset.key} withBorder radius="md" p="sm">
          <Stack gap="xs">
            <Group align="flex-end">
              <TextInput
                label={t("scripts.presets.name")}
                required
                disabled={readOnly}
                w={260}
                maxLength={100}
                value={preset.name}
                error={errors[`presets.${index}.name`]}
                onChange={(e) => update(index, { name: e.currentTarget.value })}
              />
              {readOnly ? null : (
                <Tooltip label={t("scripts.presets.remove")}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mb={4}
                    aria-label={t("scripts.presets.removeNamed", { name: preset.name || String(index + 1) })}
                    onClick={() => onChange(presets.filter((_, i) => i !== index))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
            {named.length === 0 ? (
              <Text size="xs" c="dimmed">
                {t("scripts.presets.needParameters")}
              </Text>
            ) : (
              <SimpleGrid cols={3} spacing="xs">
                {named.map((p) => (
                  <TextInput
                    key={p.key}
                    label={p.label || p.name}
                    placeholder={
                      p.defaultValue
                        ? t("scripts.presets.defaultValue", { value: p.defaultValue })
                        : t("scripts.presets.default")
                    }
                    disabled={readOnly}
                    value={preset.values[p.name] ?? ""}
                    error={errors[`presets.${index}.values.${p.name}`]}
                    onChange={(e) => {
                      const value = stripScriptText(e.currentTarget.value);
                      const values = { ...preset.values };
                      if (value === "") delete values[p.name];
                      else values[p.name] = value;
                      update(index, { values });
                    }}
                  />
                ))}
              </SimpleGrid>
            )}
          </Stack>
        </Paper>
      ))}
      {readOnly ? null : (
        <Button
          variant="subtle"
          leftSection={<IconPlus size={14} />}
          disabled={presets.length >= SCRIPT_MAX_PRESETS}
          onClick={() => onChange([...presets, newPreset()])}
          style={{ alignSelf: "flex-start" }}
        >
          {t("scripts.presets.add")}
        </Button>
      )}
    </Stack>
  );
}
