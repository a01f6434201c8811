import { ActionIcon, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { SCRIPT_MAX_PRESETS, stripScriptText } from "@steward/domain";
import type { FieldErrors } from "../../../lib/forms";
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
  errors: FieldErrors;
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
  const update = (index: number, patch: Partial<PresetDraft>) =>
    onChange(presets.map((p, i) => (i === index ? { ...p, ...patch } : p)));
  const named = parameters.filter((p) => p.name.trim() !== "");
  return (
    <Stack gap="sm">
      {presets.length === 0 ? (
        <Text size="sm" c="dimmed">
          No presets. A preset fills in parameter values for a common use.
        </Text>
      ) : null}
      {presets.map((preset, index) => (
        <Paper key={preset.key} withBorder radius="md" p="sm">
          <Stack gap="xs">
            <Group align="flex-end">
              <TextInput
                label="Preset name"
                required
                disabled={readOnly}
                w={260}
                maxLength={100}
                value={preset.name}
                error={errors[`presets.${index}.name`]}
                onChange={(e) => update(index, { name: e.currentTarget.value })}
              />
              {readOnly ? null : (
                <Tooltip label="Remove preset">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mb={4}
                    aria-label={`Remove preset ${preset.name || index + 1}`}
                    onClick={() => onChange(presets.filter((_, i) => i !== index))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
            {named.length === 0 ? (
              <Text size="xs" c="dimmed">
                Add parameters first; a preset gives them values.
              </Text>
            ) : (
              <SimpleGrid cols={3} spacing="xs">
                {named.map((p) => (
                  <TextInput
                    key={p.key}
                    label={p.label || p.name}
                    placeholder={p.defaultValue ? `Default: ${p.defaultValue}` : "Default"}
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
          Add preset
        </Button>
      )}
    </Stack>
  );
}
