import { useMemo, useState } from "react";
import { MultiSelect, SimpleGrid, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useT } from "../../../i18n";
import { useGroups } from "../../devices";
import { useOrganizationOptions } from "../../organizations";
import { useDeviceOptions, useDevicesById } from "../api";

export interface Targets {
  deviceIds: number[];
  groupIds: number[];
  organizationIds: number[];
}

interface TargetsPickerProps {
  value: Targets;
  onChange: (value: Targets) => void;
  error?: string | undefined;
  disabled?: boolean;
}

/** Devices (searched by name), groups and organizations a task runs on; resolved when it fires. */
export function TargetsPicker({ value, onChange, error, disabled }: TargetsPickerProps) {
  const t = useT();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const found = useDeviceOptions(debounced);
  const chosen = useDevicesById(value.deviceIds);
  const groups = useGroups();
  const organizations = useOrganizationOptions();

  const deviceData = useMemo(() => {
    const byId = new Map<string, string>();
    for (const d of [...(chosen.data ?? []), ...(found.data ?? [])])
      byId.set(String(d.id), d.displayName || d.hostname);
    for (const id of value.deviceIds)
      if (!byId.has(String(id)))
        byId.set(String(id), t("scheduledTasks.targets.deviceFallback", { id: String(id) }));
    return [...byId.entries()].map(([v, label]) => ({ value: v, label }));
  }, [chosen.data, found.data, value.deviceIds, t]);

  return (
    <>
      <SimpleGrid cols={3}>
        <MultiSelect
          label={t("common.fields.devices")}
          placeholder={value.deviceIds.length ? undefined : t("scheduledTasks.targets.searchByName")}
          searchable
          disabled={disabled}
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options }) => options}
          nothingFoundMessage={t(
            found.isFetching ? "scheduledTasks.targets.searching" : "scheduledTasks.targets.noDevice",
          )}
          data={deviceData}
          value={value.deviceIds.map(String)}
          onChange={(v) => onChange({ ...value, deviceIds: v.map(Number) })}
        />
        <MultiSelect
          label={t("scheduledTasks.targets.groups")}
          placeholder={value.groupIds.length ? undefined : t("scheduledTasks.targets.anyGroup")}
          searchable
          disabled={disabled}
          data={(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
          value={value.groupIds.map(String)}
          onChange={(v) => onChange({ ...value, groupIds: v.map(Number) })}
          error={groups.isError ? t("scheduledTasks.targets.groupsError") : undefined}
        />
        <MultiSelect
          label={t("scheduledTasks.targets.organizations")}
          placeholder={value.organizationIds.length ? undefined : t("scheduledTasks.targets.allTheirDevices")}
          searchable
          disabled={disabled}
          data={(organizations.data ?? []).map((o) => ({ value: String(o.id), label: o.name }))}
          value={value.organizationIds.map(String)}
          onChange={(v) => onChange({ ...value, organizationIds: v.map(Number) })}
        />
      </SimpleGrid>
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : (
        <Text size="xs" c="dimmed">
          {t("scheduledTasks.targets.resolvedHelp")}
        </Text>
      )}
    </>
  );
}
