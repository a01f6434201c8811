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
import { parsePage } from "../../../lib/params";
import {
  EmptyState,
  ErrorState,
  LoadingState,
  PageHeader,
  formatDateTime,
  RowActions,
  DeleteIconButton,
  ListFooter,
  TableCard,
  confirmDelete,
} from "../../../ui";
import { useCan } from "../../auth";
import { useCopyTemplate, useDeleteScript, useScriptTemplates, useScripts } from "../api";
import { scriptOsLabels } from "../../../lib/os-labels";

const PAGE_SIZE = 25;
const languageOptions = SCRIPT_LANGUAGES.map((l) => ({ value: l, label: scriptLanguageLabels[l] }));
const osOptions = SCRIPT_OPERATING_SYSTEMS.map((o) => ({ value: o, label: scriptOsLabels[o] }));

export function ScriptLibraryPage() {
  const [params, setParams] = useSearchParams();
  const view = params.get("view") === "templates" ? "templates" : "library";
  const can = useCan();
  return (
    <Stack gap="md">
      <PageHeader
        title="Scripting"
        description="Your script library and the built-in template scripts. Run scripts from a device, the device grid or a scheduled task."
        actions={
          can("scripts.manage") ? (
            <Button component={Link} to="/editor/script/new" leftSection={<IconPlus size={16} />}>
              New script
            </Button>
          ) : null
        }
      />
      <Tabs
        value={view}
        onChange={(v) => setParams(v === "templates" ? { view: "templates" } : {}, { replace: true })}
      >
        <Tabs.List>
          <Tabs.Tab value="library">Library</Tabs.Tab>
          <Tabs.Tab value="templates">Template scripts</Tabs.Tab>
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
  return (
    <Group gap="sm">
      <TextInput
        aria-label={props.label}
        placeholder="Search by name or description"
        leftSection={<IconSearch size={16} />}
        w={320}
        value={props.search}
        onChange={(e) => props.onSearch(e.currentTarget.value)}
      />
      <Select
        aria-label="Language"
        placeholder="Any language"
        clearable
        w={170}
        data={languageOptions}
        value={props.language}
        onChange={props.onLanguage}
      />
      <Select
        aria-label="Operating system"
        placeholder="Any OS"
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
      title: "Delete script",
      message: `Delete "${script.name}"? Scheduled tasks that run it stop working until you choose another script.`,
      remove: (done) => remove.mutate(script.id, done),
      deletedMessage: `Script "${script.name}" deleted`,
      errorTitle: "Could not delete the script",
    });

  const data = scripts.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <Stack gap="sm">
      <Filters
        label="Search scripts"
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
        <LoadingState label="Loading scripts…" />
      ) : scripts.isError ? (
        <ErrorState
          title="Could not load scripts"
          error={scripts.error}
          onRetry={() => void scripts.refetch()}
        />
      ) : data && data.items.length === 0 ? (
        filtered ? (
          <EmptyState
            title="No matching scripts"
            description="No script matches this search and these filters."
          />
        ) : (
          <EmptyState
            title="Your script library is empty"
            description="Write a script, or copy one of the template scripts (disk cleanup, service restart, log collection …) into your library."
            action={
              <Group>
                {canManage ? (
                  <Button component={Link} to="/editor/script/new">
                    New script
                  </Button>
                ) : null}
                <Button
                  component={Link}
                  to="/administration/library/scripting/1?view=templates"
                  variant="default"
                >
                  Browse template scripts
                </Button>
              </Group>
            }
          />
        )
      ) : data ? (
        <>
          <TableCard minWidth={720}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Language</Table.Th>
                <Table.Th>OS</Table.Th>
                <Table.Th>Parameters</Table.Th>
                <Table.Th>Updated</Table.Th>
                {canManage ? <Table.Th aria-label="Actions" /> : null}
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
                  <Table.Td>{scriptOsLabels[s.os]}</Table.Td>
                  <Table.Td>
                    {s.parameters.length}
                    {s.presets.length
                      ? ` · ${s.presets.length} preset${s.presets.length === 1 ? "" : "s"}`
                      : ""}
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
            total={data.total}
            noun="script"
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
        label="Search template scripts"
        search={search}
        onSearch={setSearch}
        language={language}
        onLanguage={setLanguage}
        os={os}
        onOs={setOs}
      />
      {templates.isPending ? (
        <LoadingState label="Loading template scripts…" />
      ) : templates.isError ? (
        <ErrorState
          title="Could not load template scripts"
          error={templates.error}
          onRetry={() => void templates.refetch()}
        />
      ) : templates.data.length === 0 ? (
        <EmptyState title="No matching template scripts" />
      ) : (
        <TableCard minWidth={720}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Category</Table.Th>
              <Table.Th>Language</Table.Th>
              <Table.Th>OS</Table.Th>
              {can("scripts.manage") ? <Table.Th aria-label="Actions" /> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {templates.data.map((t) => (
              <Table.Tr key={t.id}>
                <Table.Td>
                  <Group gap={6}>
                    <Anchor component={Link} to={`/editor/templateScript/${t.id}`} size="sm" fw={500}>
                      {t.name}
                    </Anchor>
                    {t.readOnly ? (
                      <Badge size="xs" variant="light" color="gray">
                        Changes nothing
                      </Badge>
                    ) : null}
                  </Group>
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {t.description}
                  </Text>
                </Table.Td>
                <Table.Td>{t.category}</Table.Td>
                <Table.Td>{scriptLanguageLabels[t.language]}</Table.Td>
                <Table.Td>{scriptOsLabels[t.os]}</Table.Td>
                {can("scripts.manage") ? (
                  <Table.Td>
                    <Group justify="flex-end">
                      <Button
                        size="compact-sm"
                        variant="default"
                        leftSection={<IconCopy size={14} />}
                        loading={copy.isPending && copy.variables.id === t.id}
                        aria-label={`Copy ${t.name} to library`}
                        onClick={() =>
                          copy.mutate(
                            { id: t.id },
                            {
                              onSuccess: (script) => {
                                notifications.show({
                                  color: "teal",
                                  message: `"${script.name}" copied to your library`,
                                });
                                void navigate(`/editor/script/${script.id}`);
                              },
                              onError: (error) =>
                                notifications.show({
                                  color: "red",
                                  title: "Could not copy the template",
                                  message: describeError(error),
                                }),
                            },
                          )
                        }
                      >
                        Copy to library
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
