import { useMemo, useState } from "react";
import { Alert, Badge, Checkbox, Group, Stack, Table, Text, TextInput, VisuallyHidden } from "@mantine/core";
import type { RevisionTree } from "@steward/contracts";
import { useT, type MessageKey } from "../../../i18n";
import { ErrorState, LoadingState, TableCard, formatBytes } from "../../../ui";
import { useRevisionTree } from "../api";

/** The most rows the browser draws at once; the filter narrows the rest. */
const MAX_ROWS = 500;

/** A revision's files and folders to pick from; files deleted since are marked. */
export function RevisionFiles({
  deviceId,
  revisionId,
  selected,
  onSelected,
}: {
  deviceId: number;
  revisionId: string;
  selected: readonly string[];
  onSelected: (paths: string[]) => void;
}) {
  const t = useT();
  const tree = useRevisionTree(deviceId, revisionId);
  const [filter, setFilter] = useState("");
  const rows = useMemo(() => {
    const entries: RevisionTree["entries"] = tree.data?.entries ?? [];
    const needle = filter.trim().toLowerCase();
    const sorted = [...entries].sort((a, b) => a.path.localeCompare(b.path));
    return (needle ? sorted.filter((e) => e.path.toLowerCase().includes(needle)) : sorted).slice(0, MAX_ROWS);
  }, [tree.data, filter]);
  if (tree.isPending) return <LoadingState />;
  if (tree.isError)
    return (
      <ErrorState
        title={t("backup.states.loadError")}
        error={tree.error}
        onRetry={() => void tree.refetch()}
      />
    );
  const chosen = new Set(selected);
  const toggle = (path: string) =>
    onSelected(chosen.has(path) ? selected.filter((p) => p !== path) : [...selected, path]);
  return (
    <Stack gap="sm">
      <TextInput
        label={t("backup.wizard.filter")}
        value={filter}
        onChange={(e) => setFilter(e.currentTarget.value)}
        maw={420}
      />
      {tree.data.truncated ? <Alert color="yellow">{t("backup.wizard.truncated")}</Alert> : null}
      <Text size="sm" c="dimmed">
        {selected.length === 0
          ? t("backup.wizard.nothingSelected")
          : t("backup.wizard.selected", { count: selected.length })}
      </Text>
      <TableCard caption={t("backup.wizard.filesCaption")} minWidth={640} testId="backup-tree">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <VisuallyHidden>{t("backup.wizard.stepFiles")}</VisuallyHidden>
            </Table.Th>
            <Table.Th>{t("backup.wizard.path")}</Table.Th>
            <Table.Th>{t("backup.wizard.type")}</Table.Th>
            <Table.Th>{t("backup.wizard.size")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((entry) => (
            <Table.Tr key={entry.path}>
              <Table.Td>
                <Checkbox
                  aria-label={t("backup.wizard.select", { path: entry.path })}
                  checked={chosen.has(entry.path)}
                  onChange={() => toggle(entry.path)}
                />
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" style={{ wordBreak: "break-all" }}>
                    {entry.path}
                  </Text>
                  {entry.deletedSince ? (
                    <Badge color="orange" variant="light" size="sm">
                      {t("backup.wizard.deleted")}
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td>{t(`backup.wizard.entryTypes.${entry.type}` as MessageKey)}</Table.Td>
              <Table.Td>{entry.type === "file" ? formatBytes(entry.size) : "—"}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </TableCard>
    </Stack>
  );
}
