import { useState } from "react";
import { useSearchParams } from "react-router";
import { Button, Group, Paper, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconPlus, IconSearch } from "@tabler/icons-react";
import type { Organization } from "@steward/contracts";
import { describeError } from "../../../api";
import { useT } from "../../../i18n";
import { EmptyState, ErrorState, LoadingState, PageHeader, confirmAction, ListFooter } from "../../../ui";
import { useCan } from "../../auth";
import { useDeleteOrganization, useOrganizations } from "../api";

import { CreateOrganizationModal } from "../components/CreateOrganizationModal";
import { OrganizationsTable, type OrganizationSort } from "../components/OrganizationsTable";

const PAGE_SIZE = 25;
const sorts: OrganizationSort[] = ["name", "-name", "createdAt", "-createdAt"];

export function OrganizationsPage() {
  const t = useT();
  const can = useCan();
  const canWrite = can("organizations.write");
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get("search") ?? "");
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const sortParam = params.get("sort") as OrganizationSort | null;
  const sort = sortParam && sorts.includes(sortParam) ? sortParam : "name";
  const creating = params.get("create") === "1" && canWrite;
  const remove = useDeleteOrganization();

  const query = useOrganizations({ page, pageSize: PAGE_SIZE, search: debouncedSearch || undefined, sort });

  const setParam = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  const handleDelete = (org: Organization) =>
    confirmAction({
      title: t("organizations.list.deleteTitle"),
      message: t("organizations.list.deleteMessage", { name: org.name, count: org.locationCount }),
      confirmLabel: t("common.actions.delete"),
      onConfirm: () =>
        remove.mutate(org.id, {
          onSuccess: () => {
            notifications.show({
              color: "teal",
              message: t("organizations.list.deleted", { name: org.name }),
            });
            // The last row of a later page is gone: show the page before it.
            if (page > 1 && query.data?.items.length === 1) setPage(page - 1);
          },
          onError: (error) =>
            notifications.show({
              color: "red",
              title: t("organizations.list.deleteError"),
              message: describeError(error),
            }),
        }),
    });

  const data = query.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <Stack gap="md">
      <PageHeader
        title={t("organizations.routes.list")}
        description={t("organizations.list.description")}
        actions={
          canWrite ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setParam("create", "1")}>
              {t("organizations.list.newOrganization")}
            </Button>
          ) : null
        }
      />
      <Group>
        <TextInput
          aria-label={t("organizations.list.searchLabel")}
          placeholder={t("organizations.list.searchPlaceholder")}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={340}
        />
        {query.isFetching && !query.isPending ? (
          <Text size="sm" c="dimmed" role="status">
            {t("organizations.list.updating")}
          </Text>
        ) : null}
      </Group>
      {query.isPending ? (
        <LoadingState label={t("organizations.list.loading")} />
      ) : query.isError ? (
        <ErrorState
          title={t("organizations.list.loadError")}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : data && data.items.length === 0 ? (
        debouncedSearch ? (
          <EmptyState
            title={t("organizations.list.noMatchesTitle")}
            description={t("organizations.list.noMatchesDescription", { search: debouncedSearch })}
            action={
              <Button variant="default" onClick={() => setSearch("")}>
                {t("organizations.list.clearSearch")}
              </Button>
            }
          />
        ) : (
          <EmptyState
            title={t("organizations.list.emptyTitle")}
            description={t("organizations.list.emptyDescription")}
            action={
              canWrite ? (
                <Button
                  variant="light"
                  leftSection={<IconPlus size={16} />}
                  onClick={() => setParam("create", "1")}
                >
                  {t("organizations.list.createFirst")}
                </Button>
              ) : undefined
            }
          />
        )
      ) : data ? (
        <Stack gap="sm">
          <Paper withBorder radius="md">
            <OrganizationsTable
              items={data.items}
              sort={sort}
              onSortChange={(next) => {
                setParam("sort", next === "name" ? null : next);
                setPage(1);
              }}
              canWrite={canWrite}
              onDelete={handleDelete}
            />
          </Paper>
          <ListFooter
            label={t("organizations.list.count", { count: data.total })}
            page={page}
            totalPages={totalPages}
            onPage={setPage}
            paginationSize="md"
          />
        </Stack>
      ) : null}
      <CreateOrganizationModal opened={creating} onClose={() => setParam("create", null)} />
    </Stack>
  );
}
