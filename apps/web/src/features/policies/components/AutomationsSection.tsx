import { useState } from "react";
import { Button, Group, Modal, Select, Stack, Switch, Text, TextInput, Title } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import type { ScheduledTask } from "@steward/contracts";
import { automationEntry, type AutomationEntry, type DeviceClass, type RunAsOs } from "@steward/domain";
import { useT } from "../../../i18n";
import { browserTimeZone, timeZoneOptions } from "../../../lib/time-zones";
import { ScheduleEditor, ScheduleSummary, useScheduleDraft } from "../../scheduled-tasks";
import { RunAsSelect, useScripts } from "../../scripts";
import { keysOf, KeyedItemsSection } from "./KeyedItemsSection";
import type { InheritedValue } from "./SectionItems";

/** The zone an automation without one is read in (the server reads it the same way). */
const DEFAULT_TIME_ZONE = "UTC";

interface AutomationsSectionProps {
  /** The policy's own automations (new ones and its overrides of inherited ones), by key. */
  own: Record<string, unknown>;
  /** The automations the policy inherits, by key; undefined while they are being loaded. */
  inherited: Record<string, InheritedValue> | undefined;
  deviceClass: DeviceClass;
  /** A problem the server found with an automation, by key. */
  errors: Record<string, string>;
  disabled: boolean;
  onChange: (key: string, value: AutomationEntry) => void;
  /** Drops the policy's own entry: an override is inherited again, an added automation is gone. */
  onRemove: (key: string) => void;
}

/** The operating system a class's devices run scripts on. */
export const osOfClass = (deviceClass: DeviceClass): RunAsOs =>
  deviceClass === "MAC" ? "MAC" : deviceClass.startsWith("WINDOWS") ? "WINDOWS" : "LINUX";

interface Editing {
  /** null: a new automation, keyed when applied. */
  key: string | null;
  value: AutomationEntry | null;
}

function asEntry(value: unknown): AutomationEntry {
  const parsed = automationEntry.safeParse(value);
  return parsed.success ? parsed.data : (value as AutomationEntry);
}

/** A key for a new automation that no other automation of the policy uses. */
function newAutomationKey(taken: ReadonlySet<string>): string {
  for (let i = 1; ; i += 1) if (!taken.has(`automation-${i}`)) return `automation-${i}`;
}

/** The policy's scheduled automations: script, schedule, on or off, and where each comes from. */
export function AutomationsSection({
  own,
  inherited,
  deviceClass,
  errors,
  disabled,
  onChange,
  onRemove,
}: AutomationsSectionProps) {
  const t = useT();
  const [editing, setEditing] = useState<Editing | null>(null);
  const scripts = useScripts({ page: 1, pageSize: 500, runnableOn: osOfClass(deviceClass) });
  const scriptName = (id: number) =>
    scripts.data?.items.find((s) => s.id === id)?.name ?? t("policies.automations.scriptMissing", { id });
  const keys = keysOf(own, inherited);

  return (
    <KeyedItemsSection<AutomationEntry>
      own={own}
      inherited={inherited}
      errors={errors}
      disabled={disabled}
      texts={{
        title: t("policies.automations.title"),
        description: t("policies.automations.description"),
        loadingInherited: t("policies.automations.loadingInherited"),
        empty: t("policies.automations.empty"),
        tableLabel: t("policies.automations.tableLabel"),
        itemHeader: t("policies.automations.columns.automation"),
        enabledHeader: t("policies.automations.columns.enabled"),
        sourceHeader: t("policies.automations.columns.source"),
        own: t("policies.automations.own"),
        ownHelp: t("policies.automations.ownHelp"),
        enabledNamed: (name) => t("policies.automations.enabledNamed", { name }),
        deleteTitle: t("policies.automations.deleteTitle"),
        deleteMessage: (name) => t("policies.automations.deleteMessage", { name }),
      }}
      addControl={
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          style={{ flexShrink: 0 }}
          onClick={() => setEditing({ key: null, value: null })}
        >
          {t("policies.automations.add")}
        </Button>
      }
      read={asEntry}
      nameOf={(key, value) => value.name?.trim() || key}
      detail={(value) => scriptName(value.scriptId)}
      columns={[
        {
          header: t("policies.automations.columns.schedule"),
          cell: (value) => (
            <>
              <Text size="sm">
                {value.schedule ? (
                  <ScheduleSummary schedule={value.schedule as ScheduledTask["schedule"]} />
                ) : (
                  t("policies.automations.noSchedule")
                )}
              </Text>
              {value.schedule ? (
                <Text size="xs" c="dimmed">
                  {value.timeZone ?? DEFAULT_TIME_ZONE}
                </Text>
              ) : null}
            </>
          ),
        },
      ]}
      minWidth={640}
      rowAttribute="data-automation"
      onChange={onChange}
      onRemove={onRemove}
      onEdit={(key, value) => setEditing({ key, value })}
    >
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t(editing?.key === null ? "policies.automations.addTitle" : "policies.automations.editTitle")}
        size="lg"
      >
        {editing ? (
          <AutomationForm
            initial={editing.value}
            deviceClass={deviceClass}
            scripts={scripts.data?.items ?? []}
            scriptsLoading={scripts.isPending}
            onApply={(value) => {
              onChange(editing.key ?? newAutomationKey(new Set(keys)), value);
              setEditing(null);
            }}
          />
        ) : null}
      </Modal>
    </KeyedItemsSection>
  );
}

interface AutomationFormProps {
  initial: AutomationEntry | null;
  deviceClass: DeviceClass;
  scripts: readonly { id: number; name: string }[];
  scriptsLoading: boolean;
  onApply: (value: AutomationEntry) => void;
}

/** One automation: its name, a library script, a schedule with the task editor's fields, the zone and who it runs as. */
function AutomationForm({ initial, deviceClass, scripts, scriptsLoading, onApply }: AutomationFormProps) {
  const t = useT();
  const [name, setName] = useState(initial?.name ?? "");
  const [scriptId, setScriptId] = useState<number | null>(initial?.scriptId ?? null);
  const [timeZone, setTimeZone] = useState(initial?.timeZone ?? browserTimeZone() ?? "UTC");
  const [runAs, setRunAs] = useState(initial?.runAs ?? "System");
  const [enabled, setEnabled] = useState(initial?.enabled ?? true);
  const schedule = useScheduleDraft(initial?.schedule as ScheduledTask["schedule"] | undefined);
  const [tried, setTried] = useState(false);
  const scriptError = tried && scriptId === null ? t("policies.automations.errors.script") : undefined;
  const scheduleErrors = tried ? schedule.errors : {};
  const data = scripts.map((s) => ({ value: String(s.id), label: s.name }));
  if (scriptId !== null && !scripts.some((s) => s.id === scriptId))
    data.push({ value: String(scriptId), label: t("policies.automations.scriptMissing", { id: scriptId }) });

  const apply = () => {
    setTried(true);
    if (scriptId === null || Object.keys(schedule.errors).length > 0) return;
    const parsed = automationEntry.safeParse({
      ...(name.trim() ? { name: name.trim() } : {}),
      scriptId,
      enabled,
      schedule: schedule.schedule,
      timeZone,
      runAs,
    });
    if (parsed.success) onApply(parsed.data);
  };

  return (
    <Stack gap="sm">
      <TextInput
        label={t("policies.automations.name")}
        description={t("policies.automations.nameHelp")}
        maxLength={200}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
      />
      <Select
        label={t("policies.automations.script")}
        placeholder={t(
          scriptsLoading ? "policies.automations.loadingScripts" : "policies.automations.chooseScript",
        )}
        searchable
        required
        data={data}
        value={scriptId === null ? null : String(scriptId)}
        onChange={(v) => setScriptId(v ? Number(v) : null)}
        error={scriptError}
      />
      <Title order={6}>{t("policies.automations.schedule")}</Title>
      <ScheduleEditor draft={schedule.draft} onChange={schedule.setDraft} errors={scheduleErrors} />
      <Select
        label={t("policies.automations.timeZone")}
        description={t("policies.automations.timeZoneHelp")}
        searchable
        allowDeselect={false}
        data={timeZoneOptions(timeZone)}
        value={timeZone}
        onChange={(v) => setTimeZone(v ?? timeZone)}
      />
      <RunAsSelect os={osOfClass(deviceClass)} organizationId={null} value={runAs} onChange={setRunAs} />
      <Switch
        label={t("policies.automations.enabled")}
        checked={enabled}
        onChange={(e) => setEnabled(e.currentTarget.checked)}
      />
      <Group justify="flex-end">
        <Button onClick={apply}>{t("policies.automations.apply")}</Button>
      </Group>
    </Stack>
  );
}
