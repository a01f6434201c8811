import { useState } from "react";
import { Anchor, Badge, Button, Group, Select, Stack, Table, Tabs, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconCopy, IconPlus, IconSearch } from "@tabler/icons-react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import type { ScriptSummary } from "@steward/contracts";
import {
  SCRIPT_LANGUAGES,
  SCRIPT_OPERATING_SYSTEMS,
  scriptLanguageLabels,
  type ScriptLanguage,
  type ScriptOs,
} from "@steward/domain";
import { describeError } from "../../../api";
import { useT } from "../../../i18n";
import { parsePage } from "../../../lib/params";
import {
  EmptyState,
  ErrorState,
  LoadingState,
  PageHeader,
  formatDateTime,
  formatNumber,
  RowActions,
  DeleteIconButton,
  ListFooter,
  TableCard,
  confirmDelete,
} from "../../../ui";
import { useCan } from "../../auth";
import { useCopyTemplate, useDeleteScript, useScriptTemplates, useScripts } from "../api";
import { categoryText, scriptOsText } from "../labels";

const PAGE_SIZE = 25;
const languageOptions = SCRIPT_LANGUAGES.map((l) => ({ value: l, label: scriptLanguageLabels[l] }));

export function ScriptLibraryPage() {
  const [params, setParams] = useSearchParams();
  const view = params.get("view") === "templates" ? "templates" : "library";
  const can = useCan();
  const t = useT();
  return (
    <Stack gap="md">
      <PageHeader
        title={t("scripts.routes.scripting")}
        description={t("scripts.library.description")}
        actions={
          can("scripts.manage") ? (
            <Button component={Link} to="/editor/script/new" leftSection={<IconPlus size={16} />}>
              {t("scripts.library.newScript")}
            </Button>
          ) : null
        }
      />
      <Tabs
        value={view}
        onChange={(v) => setParams(v === "templates" ? { view: "templates" } : {}, { replace: true })}
      >
        <Tabs.List>
          <Tabs.Tab value="library">{t("scripts.library.libraryTab")}</Tabs.Tab>
          <Tabs.Tab value="templates">{t("scripts.library.templatesTab")}</Tabs.Tab>
        </Tabs.List>
        {/* Each tab controls a real panel; only the open one is drawn (and queries). */}
        <Tabs.Panel value="library" pt="md">
          {view === "library" ? <LibraryList /> : null}
        </Tabs.Panel>
        <Tabs.Panel value="templates" pt="md">
          {view === "templates" ? <TemplateList /> : null}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function Filters(props: {
  search: string;
  onSearch: (v: string) => void;
  language: string | null;
  onLanguage: (v: string | null) => void;
  os: string | null;
  onOs: (v: string | null) => void;
  label: string;
}) {
  const t = useT();
  const osOptions = SCRIPT_OPERATING_SYSTEMS.map((o) => ({ value: o, label: t(scriptOsText[o]) }));
  return (
    <Group gap="sm">
      <TextInput
        aria-label={props.label}
        placeholder={t("scripts.library.searchPlaceholder")}
        leftSection={<IconSearch size={16} />}
        w={320}
        value={props.search}
        onChange={(e) => props.onSearch(e.currentTarget.value)}
      />
      <Select
        aria-label={t("scripts.library.language")}
        placeholder={t("scripts.library.anyLanguage")}
        clearable
        w={170}
        data={languageOptions}
        value={props.language}
        onChange={props.onLanguage}
      />
      <Select
        aria-label={t("scripts.library.os")}
        placeholder={t("scripts.library.anyOs")}
        clearable
        w={150}
        data={osOptions}
        value={props.os}
        onChange={props.onOs}
      />
    </Group>
  );
}

function LibraryList() {
  const t = useT();
  const can = useCan();
  const canManage = can("scripts.manage");
  const page = parsePage(useParams().page);
  const navigate = useNavigate();
  const [search, setSearch] = useState("");
  const [language, setLanguage] = useState<string | null>(null);
  const [os, setOs] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const scripts = useScripts({
    page,
    pageSize: PAGE_SIZE,
    ...(debounced ? { search: debounced } : {}),
    ...(language ? { language: language as ScriptLanguage } : {}),
    ...(os ? { os: os as ScriptOs } : {}),
  });
  const remove = useDeleteScript();
  const goTo = (p: number) => void navigate(`/administration/library/scripting/${p}`);
  const filtered = Boolean(debounced || language || os);

  const handleDelete = (script: ScriptSummary) =>
    confirmDelete({
      title: t("scripts.library.deleteTitle"),
      message: t("scripts.library.deleteMessage", { name: script.name }),
      remove: (done) => remove.mutate(script.id, done),
      deletedMessage: t("scripts.library.deleted", { name: script.name }),
      errorTitle: t("scripts.library.deleteError"),
    });

  const data = scripts.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <Stack gap="sm">
      <Filters
        label={t("scripts.library.searchScripts")}
        search={search}
        onSearch={(v) => {
          setSearch(v);
          if (page !== 1) goTo(1);
        }}
        language={language}
        onLanguage={(v) => {
          setLanguage(v);
          if (page !== 1) goTo(1);
        }}
        os={os}
        onOs={(v) => {
          setOs(v);
          if (page !== 1) goTo(1);
        }}
      />
      {scripts.isPending ? (
        <LoadingState label={t("scripts.library.loading")} />
      ) : scripts.isError ? (
        <ErrorState
          title={t("scripts.library.loadError")}
          error={scripts.error}
          onRetry={() => void scripts.refetch()}
        />
      ) : data && data.items.length === 0 ? (
        filtered ? (
          <EmptyState
            title={t("scripts.library.noMatchTitle")}
            description={t("scripts.library.noMatchDescription")}
          />
        ) : (
          <EmptyState
            title={t("scripts.library.emptyTitle")}
            description={t("scripts.library.emptyDescription")}
            action={
              <Group>
                {canManage ? (
                  <Button component={Link} to="/editor/script/new">
                    {t("scripts.library.newScript")}
                  </Button>
                ) : null}
                <Button
                  component={Link}
                  to="/administration/library/scripting/1?view=templates"
                  variant="default"
                >
                  {t("scripts.library.browseTemplates")}
                </Button>
              </Group>
            }
          />
        )
      ) : data ? (
        <>
          <TableCard caption={t("scripts.routes.scripting")} minWidth={720}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("common.fields.name")}</Table.Th>
                <Table.Th>{t("scripts.library.language")}</Table.Th>
                <Table.Th>{t("scripts.library.osColumn")}</Table.Th>
                <Table.Th>{t("scripts.library.parameters")}</Table.Th>
                <Table.Th>{t("common.fields.updated")}</Table.Th>
                {canManage ? <Table.Th aria-label={t("common.fields.actions")} /> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/editor/script/${s.id}`} size="sm" fw={500}>
                      {s.name}
                    </Anchor>
                    {s.description ? (
                      <Text size="xs" c="dimmed" lineClamp={1}>
                        {s.description}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{scriptLanguageLabels[s.language]}</Table.Td>
                  <Table.Td>{t(scriptOsText[s.os])}</Table.Td>
                  <Table.Td>
                    {s.presets.length
                      ? t("scripts.library.parametersAndPresets", {
                          parameters: s.parameters.length,
                          presets: s.presets.length,
                        })
                      : formatNumber(s.parameters.length)}
                  </Table.Td>
                  <Table.Td>{formatDateTime(s.updatedAt)}</Table.Td>
                  {canManage ? (
                    <Table.Td>
                      <RowActions>
                        <DeleteIconButton name={s.name} onClick={() => handleDelete(s)} />
                      </RowActions>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </TableCard>
          <ListFooter
            label={t("scripts.library.count", { count: data.total })}
            page={Math.min(page, totalPages)}
            totalPages={totalPages}
            onPage={goTo}
          />
        </>
      ) : null}
    </Stack>
  );
}

function TemplateList() {
  const t = useT();
  const can = useCan();
  const navigate = useNavigate();
  const [search, setSearch] = useState("");
  const [language, setLanguage] = useState<string | null>(null);
  const [os, setOs] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const templates = useScriptTemplates({
    search: debounced || undefined,
    language: language ?? undefined,
    os: os ?? undefined,
  });
  const copy = useCopyTemplate();
  return (
    <Stack gap="sm">
      <Filters
        label={t("scripts.templates.search")}
        search={search}
        onSearch={setSearch}
        language={language}
        onLanguage={setLanguage}
        os={os}
        onOs={setOs}
      />
      {templates.isPending ? (
        <LoadingState label={t("scripts.templates.loading")} />
      ) : templates.isError ? (
        <ErrorState
          title={t("scripts.templates.loadError")}
          error={templates.error}
          onRetry={() => void templates.refetch()}
        />
      ) : templates.data.length === 0 ? (
        <EmptyState title={t("scripts.templates.noMatch")} />
      ) : (
        <TableCard caption={t("scripts.library.templatesTab")} minWidth={720}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("common.fields.name")}</Table.Th>
              <Table.Th>{t("scripts.templates.category")}</Table.Th>
              <Table.Th>{t("scripts.library.language")}</Table.Th>
              <Table.Th>{t("scripts.library.osColumn")}</Table.Th>
              {can("scripts.manage") ? <Table.Th aria-label={t("common.fields.actions")} /> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {templates.data.map((template) => (
              <Table.Tr key={template.id}>
                <Table.Td>
                  <Group gap={6}>
                    <Anchor component={Link} to={`/editor/templateScript/${template.id}`} size="sm" fw={500}>
                      {template.name}
                    </Anchor>
                    {template.readOnly ? (
                      <Badge size="xs" variant="light" color="gray">
                        {t("scripts.templates.readOnly")}
                      </Badge>
                    ) : null}
                  </Group>
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {template.description}
                  </Text>
                </Table.Td>
                <Table.Td>{t(categoryText[template.category])}</Table.Td>
                <Table.Td>{scriptLanguageLabels[template.language]}</Table.Td>
                <Table.Td>{t(scriptOsText[template.os])}</Table.Td>
                {can("scripts.manage") ? (
                  <Table.Td>
                    <Group justify="flex-end">
                      <Button
                        size="compact-sm"
                        variant="default"
                        leftSection={<IconCopy size={14} />}
                        loading={copy.isPending && copy.variables.id === template.id}
                        aria-label={t("scripts.templates.copyNamed", { name: template.name })}
                        onClick={() =>
                          copy.mutate(
                            { id: template.id },
                            {
                              onSuccess: (script) => {
                                notifications.show({
                                  color: "teal",
                                  message: t("scripts.templates.copied", { name: script.name }),
                                });
                                void navigate(`/editor/script/${script.id}`);
                              },
                              onError: (error) =>
                                notifications.show({
                                  color: "red",
                                  title: t("scripts.templates.copyError"),
                                  message: describeError(error),
                                }),
                            },
                          )
                        }
                      >
                        {t("scripts.templates.copyToLibrary")}
                      </Button>
                    </Group>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </TableCard>
      )}
    </Stack>
  );
}
