import { useState } from "react";
import { Badge, Button, Menu, Text } from "@mantine/core";
import { IconChevronDown, IconPlus } from "@tabler/icons-react";
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
import { conditionTemplateText, priorityText, severityColor, severityText } from "../texts";
import { ConditionFormModal } from "./ConditionFormModal";
import { describeCheck } from "./ConditionSummary";
import { fullLabel, keysOf, KeyedItemsSection } from "./KeyedItemsSection";
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
  const keys = keysOf(own, inherited);

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
    <KeyedItemsSection<Condition>
      own={own}
      inherited={inherited}
      errors={errors}
      disabled={disabled}
      texts={{
        title: t("policies.conditions.title"),
        description: t("policies.conditions.description"),
        loadingInherited: t("policies.conditions.loadingInherited"),
        empty: t("policies.conditions.empty"),
        tableLabel: t("policies.conditions.tableLabel"),
        itemHeader: t("policies.conditions.columns.condition"),
        enabledHeader: t("policies.conditions.columns.enabled"),
        sourceHeader: t("policies.conditions.columns.source"),
        own: t("policies.conditions.own"),
        ownHelp: t("policies.conditions.ownHelp"),
        enabledNamed: (name) => t("policies.conditions.enabledNamed", { name }),
        deleteTitle: t("policies.conditions.deleteTitle"),
        deleteMessage: (name) => t("policies.conditions.deleteMessage", { name }),
      }}
      addControl={
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
            <Menu.Item onClick={() => setEditing({ key: null, base: "condition", value: blankCondition() })}>
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
      }
      read={asCondition}
      nameOf={(_key, value) => value.name}
      detail={(value) => describeCheck(t, value.check)}
      columns={[
        {
          header: t("policies.conditions.columns.severity"),
          cell: (value) => (
            <Badge variant="light" color={severityColor[value.severity]} styles={fullLabel}>
              {t(severityText[value.severity])}
            </Badge>
          ),
        },
        {
          header: t("policies.conditions.columns.priority"),
          cell: (value) => <Text size="sm">{t(priorityText[value.priority])}</Text>,
        },
      ]}
      minWidth={700}
      rowAttribute="data-condition"
      onChange={onChange}
      onRemove={onRemove}
      onEdit={(key, value) => setEditing({ key, base: key, value })}
    >
      <ConditionFormModal
        initial={editing?.value ?? null}
        adding={editing?.key === null}
        deviceClass={deviceClass}
        onClose={() => setEditing(null)}
        onApply={handleApply}
      />
    </KeyedItemsSection>
  );
}
