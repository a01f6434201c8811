import { ActionIcon, Button, Group, Paper, Select, Stack, Text, Tooltip } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { blankCheck, MAX_COMPOUND_PARTS, type ConditionCheck, type ConditionKind } from "@steward/domain";
import { useT } from "../../../i18n";
import { conditionKindGroups, conditionKindText } from "../texts";
import { CheckKindFields } from "./CheckKindFields";
import { useFieldBinders, type CheckFieldsProps, type FieldsProps } from "./checkFieldBinders";

export type { ConditionForm, ScriptChoice } from "./checkFieldBinders";

/** Kinds a compound condition may combine: the agent's own, not another compound. */
const partKinds: ConditionKind[] = conditionKindGroups
  .flatMap((g) => g.kinds)
  .filter((k) => !["compound", "agentDown", "customField", "patchFailures", "backupFailures"].includes(k));

/** The kind drop-down, grouped as the catalogue is, and the chosen kind's own settings. */
export function ConditionCheckFields({ kinds, ...fields }: CheckFieldsProps) {
  const { form, path, check, disabled } = fields;
  const t = useT();
  const kindData = conditionKindGroups
    .map((g) => ({
      group: t(g.label),
      items: g.kinds
        .filter((k) => kinds.includes(k))
        .map((k) => ({ value: k, label: t(conditionKindText[k]) })),
    }))
    .filter((g) => g.items.length > 0);
  return (
    <Stack gap="sm">
      <Select
        label={t("policies.conditions.form.kind")}
        data={kindData}
        value={check.kind}
        allowDeselect={false}
        disabled={disabled}
        onChange={(kind) => {
          if (kind) form.setFieldValue(path, blankCheck(kind as ConditionKind) as never);
        }}
      />
      {check.kind === "compound" ? (
        <CompoundFields {...fields} check={check} />
      ) : (
        <CheckKindFields {...fields} />
      )}
    </Stack>
  );
}

/** ALL or ANY, and each part with its own kind and settings. */
function CompoundFields(props: FieldsProps & { check: Extract<ConditionCheck, { kind: "compound" }> }) {
  const { form, path, check, disabled } = props;
  const t = useT();
  const f = useFieldBinders(props);
  const parts = check.parts;
  return (
    <Stack gap="sm">
      {f.choice("mode", t("policies.conditions.form.mode"), {
        ALL: "policies.conditions.form.modes.ALL",
        ANY: "policies.conditions.form.modes.ANY",
      })}
      {parts.map((part, i) => (
        <Paper key={i} withBorder radius="sm" p="sm">
          <Stack gap="xs">
            <Group justify="space-between">
              <Text size="sm" fw={500}>
                {t("policies.conditions.form.part", { number: i + 1 })}
              </Text>
              {parts.length > 2 && !disabled ? (
                <Tooltip label={t("policies.conditions.form.removePart", { number: i + 1 })}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t("policies.conditions.form.removePart", { number: i + 1 })}
                    onClick={() => form.removeListItem(`${path}.parts`, i)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              ) : null}
            </Group>
            <ConditionCheckFields {...props} path={`${path}.parts.${i}`} check={part} kinds={partKinds} />
          </Stack>
        </Paper>
      ))}
      {parts.length < MAX_COMPOUND_PARTS && !disabled ? (
        <Group>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => form.insertListItem(`${path}.parts`, blankCheck("cpu"))}
          >
            {t("policies.conditions.form.addPart")}
          </Button>
        </Group>
      ) : null}
      {form.errors[`${path}.parts`] ? (
        <Text size="sm" c="red">
          {form.errors[`${path}.parts`]}
        </Text>
      ) : null}
    </Stack>
  );
}
