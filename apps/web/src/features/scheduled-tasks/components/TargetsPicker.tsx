import { useMemo, useState } from "react";
import { MultiSelect, SimpleGrid, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
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
    for (const id of value.deviceIds) if (!byId.has(String(id))) byId.set(String(id), `Device ${id}`);
    return [...byId.entries()].map(([v, label]) => ({ value: v, label }));
  }, [chosen.data, found.data, value.deviceIds]);

  return (
    <>
      <SimpleGrid cols={3}>
        <MultiSelect
          label="Devices"
          placeholder={value.deviceIds.length ? undefined : "Search by name"}
          searchable
          disabled={disabled}
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options }) => options}
          nothingFoundMessage={found.isFetching ? "Searching…" : "No device found"}
          data={deviceData}
          value={value.deviceIds.map(String)}
          onChange={(v) => onChange({ ...value, deviceIds: v.map(Number) })}
        />
        <MultiSelect
          label="Groups"
          placeholder={value.groupIds.length ? undefined : "Any group"}
          searchable
          disabled={disabled}
          data={(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
          value={value.groupIds.map(String)}
          onChange={(v) => onChange({ ...value, groupIds: v.map(Number) })}
          error={groups.isError ? "Error fetching groups" : undefined}
        />
        <MultiSelect
          label="Organizations"
          placeholder={value.organizationIds.length ? undefined : "All their devices"}
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
          Groups and organizations are resolved each time the task runs: devices added later are included.
          Only approved devices run it.
        </Text>
      )}
    </>
  );
}
