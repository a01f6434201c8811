import { useMemo, useState, type ReactNode } from "react";
import {
  Anchor,
  Button,
  Group,
  Indicator,
  Pagination,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconDeviceDesktopPlus, IconDownload, IconFilter, IconSearch } from "@tabler/icons-react";
import { Link } from "react-router";
import { builtInSearchNames, type BuiltInSearchName } from "@steward/domain";
import { useT } from "../../../i18n";
import { EmptyState, ErrorState, LoadingState } from "../../../ui";
import { useCan } from "../../auth";
import { exportCsvUrl, useDeviceList } from "../api";
import { builtInText } from "../components/CriteriaSummary";
import { BulkActions, type ActionTarget } from "./BulkActions";
import { ColumnChooser } from "./ColumnChooser";
import { csvColumns, gridColumns, loadColumnChoice, saveColumnChoice, type GridColumnKey } from "./columns";
import { DeviceTable } from "./DeviceTable";
import { FilterChips } from "./FilterChips";
import { FiltersDrawer } from "./FiltersDrawer";
import {
  PAGE_SIZES,
  activeFilterCount,
  emptyFilters,
  filtersToCriteria,
  filtersToParams,
  type DeviceFilters,
  type GridState,
} from "./grid-state";

interface DeviceGridProps {
  state: GridState;
  onChange: (state: GridState) => void;
  /** On a group page the group filter is fixed. */
  lockGroup?: boolean;
  /** Buttons next to the filters (Save as group, Update group). */
  toolbarExtra?: ReactNode;
  /** Bulk actions from other features (Run script) for the current target. */
  bulkExtra?: (target: ActionTarget, count: number, clear: () => void) => ReactNode;
}

/** The server-side paged, sorted and filtered device grid with selection and bulk actions. */
export function DeviceGrid({ state, onChange, lockGroup = false, toolbarExtra, bulkExtra }: DeviceGridProps) {
  const t = useT();
  const can = useCan();
  const canManage = can("devices.manage");
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [columnKeys, setColumnKeys] = useState<GridColumnKey[]>(loadColumnChoice);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const [searchText, setSearchText] = useState(state.filters.search);
  const query = useDeviceList(state);

  const setFilters = (filters: DeviceFilters) => {
    setSelected(new Set());
    setAllMatching(false);
    onChange({ ...state, filters, page: 1 });
  };

  // The typed text reaches the URL (and the server) once typing pauses.
  const applySearch = useDebouncedCallback((text: string) => {
    if (text !== state.filters.search.trim()) setFilters({ ...state.filters, search: text });
  }, 300);

  const columns = useMemo(() => gridColumns.filter((c) => columnKeys.includes(c.key)), [columnKeys]);
  const data = query.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const filterCount =
    activeFilterCount(state.filters) - (lockGroup && state.filters.groupId !== null ? 1 : 0);
  const csvHref = exportCsvUrl(filtersToParams(state.filters), csvColumns(columnKeys));
  const pageIds = data?.items.map((d) => d.id) ?? [];
  const allOnPageSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));

  const clearSelection = () => {
    setSelected(new Set());
    setAllMatching(false);
  };
  const target: ActionTarget = allMatching
    ? { criteria: filtersToCriteria(state.filters) }
    : { nodeIds: [...selected] };
  const targetCount = allMatching ? (data?.total ?? 0) : selected.size;

  return (
    <Stack gap="sm">
      <Group gap="sm" justify="space-between" align="flex-end">
        <Group gap="sm" wrap="nowrap" align="flex-end" style={{ flex: 1, minWidth: 480 }}>
          <Select
            label={t("devicesGrid.toolbar.builtInSearch")}
            w={190}
            allowDeselect={false}
            data={builtInSearchNames.map((name) => ({ value: name, label: t(builtInText[name]) }))}
            value={state.filters.builtIn ?? "ALL"}
            onChange={(value) =>
              setFilters({
                ...state.filters,
                builtIn: value && value !== "ALL" ? (value as BuiltInSearchName) : null,
              })
            }
          />
          <TextInput
            aria-label={t("devicesGrid.toolbar.searchLabel")}
            placeholder={t("devicesGrid.toolbar.searchPlaceholder")}
            leftSection={<IconSearch size={16} />}
            style={{ flex: 1, minWidth: 160, maxWidth: 360 }}
            value={searchText}
            maxLength={200}
            onChange={(event) => {
              setSearchText(event.currentTarget.value);
              applySearch(event.currentTarget.value.trim());
            }}
          />
          <Indicator label={filterCount} size={16} disabled={filterCount === 0} offset={4}>
            <Button
              variant="default"
              leftSection={<IconFilter size={16} />}
              onClick={() => setFiltersOpen(true)}
            >
              {t("devicesGrid.toolbar.filters")}
            </Button>
          </Indicator>
        </Group>
        <Group gap="sm" wrap="nowrap">
          <ColumnChooser
            value={columnKeys}
            onChange={(keys) => {
              setColumnKeys(keys);
              saveColumnChoice(keys);
            }}
          />
          <Button component="a" href={csvHref} variant="default" leftSection={<IconDownload size={16} />}>
            {t("devicesGrid.toolbar.exportCsv")}
          </Button>
          {toolbarExtra}
        </Group>
      </Group>
      <FilterChips filters={state.filters} onChange={setFilters} lockGroup={lockGroup} />
      {canManage && (selected.size > 0 || allMatching) ? (
        <BulkActions
          count={targetCount}
          target={target}
          onClear={clearSelection}
          onDone={clearSelection}
          extra={bulkExtra?.(target, targetCount, clearSelection)}
          pageDevices={data?.items}
          selectAllOffer={
            data && allOnPageSelected && data.total > pageIds.length ? (
              allMatching ? (
                <Text size="sm">{t("devicesGrid.grid.allMatchingSelected", { count: data.total })}</Text>
              ) : (
                <Anchor component="button" size="sm" onClick={() => setAllMatching(true)}>
                  {t("devicesGrid.grid.selectAllMatching", { count: data.total })}
                </Anchor>
              )
            ) : null
          }
        />
      ) : null}
      {query.isPending ? (
        <LoadingState label={t("devicesGrid.grid.loading")} />
      ) : query.isError ? (
        <ErrorState
          title={t("devicesGrid.grid.loadError")}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : data && data.items.length === 0 ? (
        data.total === 0 &&
        filterCount === 0 &&
        !state.filters.search &&
        !state.filters.builtIn &&
        !lockGroup ? (
          <EmptyState
            icon={<IconDeviceDesktopPlus size={26} />}
            title={t("devicesGrid.grid.noDevicesTitle")}
            description={t("devicesGrid.grid.noDevicesDescription")}
            action={
              <Button component={Link} to="/administration/library/downloads">
                {t("devicesGrid.grid.goToDownloads")}
              </Button>
            }
          />
        ) : (
          <EmptyState
            title={t("devicesGrid.grid.noMatchTitle")}
            description={t("devicesGrid.grid.noMatchDescription")}
            action={
              <Button
                variant="default"
                onClick={() => {
                  setSearchText("");
                  setFilters({ ...emptyFilters(), groupId: lockGroup ? state.filters.groupId : null });
                }}
              >
                {t("devicesGrid.grid.clearSearchAndFilters")}
              </Button>
            }
          />
        )
      ) : data ? (
        <>
          <Paper withBorder radius="md" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
            <DeviceTable
              devices={data.items}
              columns={columns}
              sort={state.sort}
              onSort={(sort) => onChange({ ...state, sort, page: 1 })}
              selectable={canManage}
              selected={allMatching ? new Set(pageIds) : selected}
              onSelect={(ids, on) => {
                setAllMatching(false);
                setSelected((current) => {
                  const next = new Set(current);
                  for (const id of ids) {
                    if (on) next.add(id);
                    else next.delete(id);
                  }
                  return next;
                });
              }}
            />
          </Paper>
          <Group justify="space-between">
            <Group gap="sm">
              <Text size="sm" c="dimmed" role="status">
                {t(
                  query.isFetching && !query.isPending
                    ? "devicesGrid.grid.totalUpdating"
                    : "devicesGrid.grid.total",
                  { count: data.total },
                )}
              </Text>
              <Select
                aria-label={t("devicesGrid.grid.pageSizeLabel")}
                size="xs"
                w={112}
                allowDeselect={false}
                data={PAGE_SIZES.map((n) => ({
                  value: String(n),
                  label: t("devicesGrid.grid.pageSize", { size: n }),
                }))}
                value={String(state.pageSize)}
                onChange={(value) => onChange({ ...state, pageSize: Number(value ?? 50), page: 1 })}
              />
            </Group>
            {totalPages > 1 ? (
              <Pagination
                total={totalPages}
                value={Math.min(state.page, totalPages)}
                onChange={(page) => onChange({ ...state, page })}
                size="sm"
              />
            ) : null}
          </Group>
        </>
      ) : null}
      <FiltersDrawer
        opened={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        filters={state.filters}
        onApply={setFilters}
        lockGroup={lockGroup}
      />
    </Stack>
  );
}
