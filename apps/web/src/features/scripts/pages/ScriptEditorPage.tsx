import { useState } from "react";
import { Button, Group, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconDeviceFloppy } from "@tabler/icons-react";
import { Link, useNavigate, useParams } from "react-router";
import { saveScriptRequest, type ScriptDetail } from "@steward/contracts";
import { describeError, isApiError } from "../../../api";
import { useT } from "../../../i18n";
import { applyServerErrors, useContractForm } from "../../../lib/forms";
import { parseId } from "../../../lib/params";
import { usePageTitle } from "../../../routing";
import { EmptyState, ErrorState, FormError, LoadingState, PageHeader, formatDateTime } from "../../../ui";
import { useCan } from "../../auth";
import { useSaveScript, useScript } from "../api";
import { ScriptForm } from "../components/ScriptForm";
import {
  draftOf,
  emptyDraft,
  requestOf,
  sameDraft,
  scriptDraftSchema,
  type ScriptDraft,
} from "../components/script-draft";

const LIBRARY = "/administration/library/scripting/1";

/** /editor/script/:id ("new" for a new script). */
export function ScriptEditorPage() {
  const raw = useParams().id;
  if (raw === "new") return <ScriptEditor script={null} />;
  const id = parseId(raw);
  if (id === null) return <ScriptNotFound />;
  return <LoadScript id={id} />;
}

function ScriptNotFound() {
  const t = useT();
  return (
    <EmptyState
      title={t("scripts.editor.notFoundTitle")}
      description={t("scripts.editor.notFoundDescription")}
      action={
        <Button component={Link} to={LIBRARY} variant="default">
          {t("scripts.editor.backToScriptLibrary")}
        </Button>
      }
    />
  );
}

function LoadScript({ id }: { id: number }) {
  const t = useT();
  const script = useScript(id);
  if (script.isPending) return <LoadingState label={t("scripts.editor.loading")} />;
  if (script.isError) {
    if (isApiError(script.error) && script.error.status === 404) return <ScriptNotFound />;
    return (
      <ErrorState
        title={t("scripts.editor.loadError")}
        error={script.error}
        onRetry={() => void script.refetch()}
      />
    );
  }
  return <ScriptEditor key={script.data.updatedAt} script={script.data} />;
}

function ScriptEditor({ script }: { script: ScriptDetail | null }) {
  const t = useT();
  const can = useCan();
  const canManage = can("scripts.manage");
  const navigate = useNavigate();
  const save = useSaveScript(script?.id ?? null);
  const [saved] = useState<ScriptDraft>(() => (script ? draftOf(script) : emptyDraft()));
  const form = useContractForm<ScriptDraft>(scriptDraftSchema, { initialValues: saved });
  const [submitError, setSubmitError] = useState<string | null>(null);
  const dirty = !sameDraft(form.getValues(), saved);
  usePageTitle(script ? script.name : t("scripts.editor.newScript"));

  const handleSave = (draft: ScriptDraft) => {
    setSubmitError(null);
    save.mutate(saveScriptRequest.parse(requestOf(draft)), {
      onSuccess: (result) => {
        notifications.show({
          color: "teal",
          message: script ? t("scripts.editor.saved") : t("scripts.editor.created"),
        });
        if (!script) void navigate(`/editor/script/${result.id}`, { replace: true });
      },
      onError: (error) => {
        if (!applyServerErrors(form, error)) setSubmitError(describeError(error));
      },
    });
  };
  const submit = form.onSubmit(handleSave, () =>
    notifications.show({ color: "red", message: t("scripts.editor.checkFields") }),
  );

  return (
    <Stack gap="md">
      <PageHeader
        title={script ? script.name : t("scripts.editor.newScript")}
        description={
          script
            ? t("scripts.editor.updated", {
                date: formatDateTime(script.updatedAt),
                hasAuthor: script.updatedBy ? "yes" : "no",
                author: script.updatedBy?.name ?? "",
                fromTemplate: script.templateId ? "yes" : "no",
              })
            : t("scripts.editor.newDescription")
        }
        actions={
          <Group gap="xs" wrap="nowrap">
            {dirty ? (
              <Text size="sm" c="orange">
                {t("scripts.editor.unsaved")}
              </Text>
            ) : null}
            <Button variant="default" component={Link} to={LIBRARY}>
              {t("scripts.editor.backToLibrary")}
            </Button>
            {canManage ? (
              <>
                <Button
                  variant="default"
                  disabled={!dirty || save.isPending}
                  onClick={() => {
                    form.reset();
                    setSubmitError(null);
                  }}
                >
                  {t("scripts.editor.discard")}
                </Button>
                <Button
                  leftSection={<IconDeviceFloppy size={16} />}
                  onClick={() => submit()}
                  loading={save.isPending}
                  disabled={!dirty && script !== null}
                >
                  {script ? t("common.actions.save") : t("scripts.editor.create")}
                </Button>
              </>
            ) : null}
          </Group>
        }
      />
      <FormError message={submitError ?? (form.errors._form as string | undefined) ?? null} />
      <ScriptForm form={form} readOnly={!canManage} />
    </Stack>
  );
}
