import { useState } from "react";
import { Badge, Button, Group, Loader, Menu, Paper, Stack, Switch, Table, Text, Title } from "@mantine/core";
import { IconArrowBackUp, IconChevronDown, IconPlus } from "@tabler/icons-react";
import {
  blankCondition,
  condition as conditionSchema,
  newConditionKey,
  templatesForClass,
  type Condition,
  type ConditionTemplate,
  type DeviceClass,
} from "@steward/domain";
import { useT } from "../../../i18n";
import {
  confirmAction,
  DeleteIconButton,
  EditIconButton,
  ListTable,
  RowAction,
  RowActions,
} from "../../../ui";
import { conditionTemplateText, priorityText, severityColor, severityText } from "../texts";
import { ConditionFormModal } from "./ConditionFormModal";
import { describeCheck } from "./ConditionSummary";
import type { InheritedValue } from "./SectionItems";

interface ConditionsSectionProps {
  /** The policy's own conditions (new ones and its overrides of inherited ones), by key. */
  own: Record<string, unknown>;
  /** The conditions the policy inherits, by key; undefined while they are being loaded. */
  inherited: Record<string, InheritedValue> | undefined;
  deviceClass: DeviceClass;
  /** A problem the server found with a condition, by key. */
  errors: Record<string, string>;
  disabled: boolean;
  onChange: (key: string, value: Condition) => void;
  /** Drops the policy's own entry: an override is inherited again, an added condition is gone. */
  onRemove: (key: string) => void;
}

/** A badge's label is never cut short: its column widens instead. */
const fullLabel = { label: { overflow: "visible" } } as const;

interface Editing {
  /** null: a new condition, keyed when applied. */
  key: string | null;
  /** What a new condition's key starts with. */
  base: string;
  value: Condition;
}

/** Reads a stored condition with its defaults; a value the schema refuses is shown as it is. */
function asCondition(value: unknown): Condition {
  const parsed = conditionSchema.safeParse(value);
  return parsed.success ? parsed.data : (value as Condition);
}

/** The policy's conditions: each one's check in words, severity, priority, whether it is on, and where it comes from. */
export function ConditionsSection({
  own,
  inherited,
  deviceClass,
  errors,
  disabled,
  onChange,
  onRemove,
}: ConditionsSectionProps) {
  const t = useT();
  const [editing, setEditing] = useState<Editing | null>(null);
  const keys = [...new Set([...Object.keys(inherited ?? {}), ...Object.keys(own)])];
  const has = (record: Record<string, unknown> | undefined, key: string) =>
    record !== undefined && Object.prototype.hasOwnProperty.call(record, key);

  const startFromTemplate = (template: ConditionTemplate) => {
    const value = conditionSchema.parse(template.condition);
    const name = conditionTemplateText[template.id];
    setEditing({ key: null, base: template.id, value: { ...value, name: name ? t(name) : value.name } });
  };
  const handleApply = (value: Condition) => {
    if (!editing) return;
    const key = editing.key ?? newConditionKey(editing.base, new Set(keys));
    onChange(key, value);
    setEditing(null);
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Title order={5}>{t("policies.conditions.title")}</Title>
            <Text size="sm" c="dimmed">
              {t("policies.conditions.description")}
            </Text>
          </div>
          {!disabled ? (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button
                  variant="default"
                  leftSection={<IconPlus size={16} />}
                  rightSection={<IconChevronDown size={14} />}
                  style={{ flexShrink: 0 }}
                >
                  {t("policies.conditions.add")}
                </Button>
              </Menu.Target>
              <Menu.Dropdown mah={420} style={{ overflowY: "auto" }}>
                <Menu.Item
                  onClick={() => setEditing({ key: null, base: "condition", value: blankCondition() })}
                >
                  {t("policies.conditions.blank")}
                </Menu.Item>
                <Menu.Divider />
                <Menu.Label>{t("policies.conditions.templatesLabel")}</Menu.Label>
                {templatesForClass(deviceClass).map((template) => {
                  const name = conditionTemplateText[template.id];
                  return (
                    <Menu.Item key={template.id} onClick={() => startFromTemplate(template)}>
                      {name ? t(name) : template.condition.name}
                    </Menu.Item>
                  );
                })}
              </Menu.Dropdown>
            </Menu>
          ) : null}
        </Group>
        {inherited === undefined ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              {t("policies.conditions.loadingInherited")}
            </Text>
          </Group>
        ) : keys.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("policies.conditions.empty")}
          </Text>
        ) : (
          <ListTable caption={t("policies.conditions.tableLabel")} minWidth={700} highlightOnHover={false}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th miw={220}>{t("policies.conditions.columns.condition")}</Table.Th>
                <Table.Th>{t("policies.conditions.columns.severity")}</Table.Th>
                <Table.Th>{t("policies.conditions.columns.priority")}</Table.Th>
                <Table.Th>{t("policies.conditions.columns.enabled")}</Table.Th>
                <Table.Th>{t("policies.conditions.columns.source")}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.map((key) => {
                const isOwn = has(own, key);
                const from = inherited?.[key];
                const value = asCondition(isOwn ? own[key] : from?.value);
                return (
                  <Table.Tr key={key} data-condition={key}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {value.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {describeCheck(t, value.check)}
                      </Text>
                      {errors[key] ? (
                        <Text size="xs" c="red">
                          {errors[key]}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={severityColor[value.severity]} styles={fullLabel}>
                        {t(severityText[value.severity])}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{t(priorityText[value.priority])}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        aria-label={t("policies.conditions.enabledNamed", { name: value.name })}
                        checked={value.enabled}
                        disabled={disabled}
                        onChange={(e) => onChange(key, { ...value, enabled: e.currentTarget.checked })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <SourceCell
                        overridden={isOwn && from !== undefined}
                        added={isOwn && from === undefined}
                        from={from}
                      />
                    </Table.Td>
                    <Table.Td>
                      {!disabled ? (
                        <RowActions>
                          <EditIconButton
                            name={value.name}
                            onClick={() => setEditing({ key, base: key, value })}
                          />
                          {isOwn && from !== undefined ? (
                            <RowAction
                              tooltip={t("policies.editor.revert")}
                              label={t("policies.editor.revertNamed", { item: value.name })}
                              icon={<IconArrowBackUp size={16} />}
                              onClick={() => onRemove(key)}
                            />
                          ) : null}
                          {isOwn && from === undefined ? (
                            <DeleteIconButton
                              name={value.name}
                              onClick={() =>
                                confirmAction({
                                  title: t("policies.conditions.deleteTitle"),
                                  message: t("policies.conditions.deleteMessage", { name: value.name }),
                                  onConfirm: () => onRemove(key),
                                })
                              }
                            />
                          ) : null}
                        </RowActions>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </ListTable>
        )}
      </Stack>
      <ConditionFormModal
        initial={editing?.value ?? null}
        adding={editing?.key === null}
        deviceClass={deviceClass}
        onClose={() => setEditing(null)}
        onApply={handleApply}
      />
    </Paper>
  );
}

/** Inherited (and from where), Overridden, or added by this policy. */
function SourceCell({
  overridden,
  added,
  from,
}: {
  overridden: boolean;
  added: boolean;
  from: InheritedValue | undefined;
}) {
  const t = useT();
  if (added)
    return (
      <Badge variant="light" color="teal" title={t("policies.conditions.ownHelp")} styles={fullLabel}>
        {t("policies.conditions.own")}
      </Badge>
    );
  if (overridden)
    return (
      <Badge variant="light" color="orange" styles={fullLabel}>
        {t("policies.badges.overridden")}
      </Badge>
    );
  return (
    <Stack gap={2}>
      <Badge variant="light" color="gray" styles={fullLabel}>
        {t("policies.badges.inherited")}
      </Badge>
      {from?.sourceName ? (
        <Text size="xs" c="dimmed">
          {t("policies.editor.inheritedFrom", { policy: from.sourceName })}
        </Text>
      ) : null}
    </Stack>
  );
}
