import { useMemo } from "react";
import { Button, Stack } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useSearchParams } from "react-router";
import { useT } from "../../../i18n";
import { EmptyState, ErrorState, ListFooter, LoadingState, PageHeader } from "../../../ui";
import { useOrganizationOptions } from "../../organizations";
import { auditExportUrl, useAuditEvents } from "../api";
import { AuditFilterBar } from "../components/AuditFilterBar";
import { AuditTable } from "../components/AuditTable";
import { hasFilters, parseAuditFilters } from "../components/audit-filters";

const PAGE_SIZE = 50;

/** Administration → General → Activities: who did what, when and from where. */
export function AuditLogPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const filters = useMemo(() => parseAuditFilters(new URLSearchParams(key)), [key]);
  const pageParam = Number(params.get("page"));
  const page = Number.isSafeInteger(pageParam) && pageParam > 0 ? pageParam : 1;
  const events = useAuditEvents(filters, page, PAGE_SIZE);
  const organizations = useOrganizationOptions();
  const filtered = hasFilters(filters);

  const setParam = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        if (name !== "page") next.delete("page");
        return next;
      },
      { replace: name !== "page" },
    );

  const data = events.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <Stack gap="md">
      <PageHeader
        title={t("audit.routes.activities")}
        description={t("audit.page.description")}
        actions={
          <Button
            component="a"
            href={auditExportUrl(filters)}
            download
            variant="default"
            leftSection={<IconDownload size={16} />}
          >
            {t("audit.page.export")}
          </Button>
        }
      />
      <AuditFilterBar
        params={params}
        onChange={setParam}
        onClear={() => setParams({}, { replace: true })}
        organizations={(organizations.data ?? []).map((o) => ({ value: String(o.id), label: o.name }))}
        filtered={filtered}
      />
      {events.isPending ? (
        <LoadingState label={t("audit.page.loading")} />
      ) : events.isError ? (
        <ErrorState
          title={t("audit.page.loadError")}
          error={events.error}
          onRetry={() => void events.refetch()}
        />
      ) : data && data.items.length === 0 ? (
        <EmptyState
          title={filtered ? t("audit.page.noMatch") : t("audit.page.empty")}
          description={filtered ? t("audit.page.noMatchHint") : t("audit.page.emptyHint")}
        />
      ) : data ? (
        <>
          <AuditTable events={data.items} dimmed={events.isPlaceholderData} />
          <ListFooter
            label={t("audit.page.count", { count: data.total })}
            page={Math.min(page, totalPages)}
            totalPages={totalPages}
            onPage={(p) => setParam("page", String(p))}
          />
        </>
      ) : null}
    </Stack>
  );
}
