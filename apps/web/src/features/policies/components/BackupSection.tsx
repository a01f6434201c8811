import { useState } from "react";
import { Button, Modal, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import type { ScheduledTask } from "@steward/contracts";
import { backupPlan, type BackupPlan } from "@steward/domain";
import { useT } from "../../../i18n";
import { ScheduleSummary } from "../../scheduled-tasks";
import { BackupPlanForm } from "./BackupPlanForm";
import { keysOf, KeyedItemsSection } from "./KeyedItemsSection";
import type { InheritedValue } from "./SectionItems";

interface BackupSectionProps {
  /** The policy's own plans (new ones and its overrides of inherited ones), by key. */
  own: Record<string, unknown>;
  /** The plans the policy inherits, by key; undefined while they are being loaded. */
  inherited: Record<string, InheritedValue> | undefined;
  /** A problem the server found with a plan, by key. */
  errors: Record<string, string>;
  disabled: boolean;
  onChange: (key: string, value: BackupPlan) => void;
  /** Drops the policy's own entry: an override is inherited again, an added plan is gone. */
  onRemove: (key: string) => void;
}

interface Editing {
  /** null: a new plan, keyed when applied. */
  key: string | null;
  value: BackupPlan | null;
}

function asPlan(value: unknown): BackupPlan {
  const parsed = backupPlan.safeParse(value);
  return parsed.success ? parsed.data : (value as BackupPlan);
}

/** A key for a new plan that no other plan of the policy uses. */
function newPlanKey(taken: ReadonlySet<string>): string {
  for (let i = 1; ; i += 1) if (!taken.has(`backup-${i}`)) return `backup-${i}`;
}

/** The policy's file/folder backup plans: what, when, retention, destination, and where each comes from. */
export function BackupSection({ own, inherited, errors, disabled, onChange, onRemove }: BackupSectionProps) {
  const t = useT();
  const [editing, setEditing] = useState<Editing | null>(null);
  const keys = keysOf(own, inherited);

  return (
    <KeyedItemsSection<BackupPlan>
      own={own}
      inherited={inherited}
      errors={errors}
      disabled={disabled}
      texts={{
        title: t("policies.backup.title"),
        description: t("policies.backup.description"),
        loadingInherited: t("policies.backup.loadingInherited"),
        empty: t("policies.backup.empty"),
        tableLabel: t("policies.backup.tableLabel"),
        itemHeader: t("policies.backup.columns.plan"),
        enabledHeader: t("policies.backup.columns.enabled"),
        sourceHeader: t("policies.backup.columns.source"),
        own: t("policies.backup.own"),
        ownHelp: t("policies.backup.ownHelp"),
        enabledNamed: (name) => t("policies.backup.enabledNamed", { name }),
        deleteTitle: t("policies.backup.deleteTitle"),
        deleteMessage: (name) => t("policies.backup.deleteMessage", { name }),
      }}
      addControl={
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          style={{ flexShrink: 0 }}
          onClick={() => setEditing({ key: null, value: null })}
        >
          {t("policies.backup.add")}
        </Button>
      }
      read={asPlan}
      nameOf={(key, value) => value.name?.trim() || key}
      detail={(value) => (value.includePaths ?? []).join(", ")}
      columns={[
        {
          header: t("policies.backup.columns.schedule"),
          cell: (value) => (
            <>
              <Text size="sm">
                {value.schedule ? (
                  <ScheduleSummary schedule={value.schedule as ScheduledTask["schedule"]} />
                ) : (
                  t("policies.backup.noSchedule")
                )}
              </Text>
              {value.retention ? (
                <Text size="xs" c="dimmed">
                  {t("policies.backup.retentionSummary", {
                    last: value.retention.keepLast,
                    daily: value.retention.keepDaily,
                    weekly: value.retention.keepWeekly,
                    monthly: value.retention.keepMonthly,
                  })}
                </Text>
              ) : null}
            </>
          ),
        },
        {
          header: t("policies.backup.columns.destination"),
          cell: (value) => (
            <Text size="sm" style={{ wordBreak: "break-all" }}>
              {value.destination?.path}
            </Text>
          ),
        },
      ]}
      minWidth={720}
      rowAttribute="data-backup-plan"
      onChange={onChange}
      onRemove={onRemove}
      onEdit={(key, value) => setEditing({ key, value })}
    >
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t(editing?.key === null ? "policies.backup.addTitle" : "policies.backup.editTitle")}
        size="lg"
      >
        {editing ? (
          <BackupPlanForm
            initial={editing.value}
            onApply={(value) => {
              onChange(editing.key ?? newPlanKey(new Set(keys)), value);
              setEditing(null);
            }}
          />
        ) : null}
      </Modal>
    </KeyedItemsSection>
  );
}
