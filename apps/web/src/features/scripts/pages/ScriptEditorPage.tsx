import { useState } from "react";
import { Button, Group, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconDeviceFloppy } from "@tabler/icons-react";
import { Link, useNavigate, useParams } from "react-router";
import { saveScriptRequest, type ScriptDetail } from "@steward/contracts";
import { describeError, isApiError } from "../../../api";
import { serverFieldErrors, validateWith, type FieldErrors } from "../../../lib/forms";
import { parseId } from "../../../lib/params";
import { usePageTitle } from "../../../routing";
import { EmptyState, ErrorState, FormError, LoadingState, PageHeader, formatDateTime } from "../../../ui";
import { useCan } from "../../auth";
import { useSaveScript, useScript } from "../api";
import { ScriptForm } from "../components/ScriptForm";
import { draftOf, emptyDraft, requestOf, sameDraft, type ScriptDraft } from "../components/script-draft";

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
  return (
    <EmptyState
      title="This script does not exist"
      description="It may have been deleted, or the link is wrong."
      action={
        <Button component={Link} to={LIBRARY} variant="default">
          Back to the script library
        </Button>
      }
    />
  );
}

function LoadScript({ id }: { id: number }) {
  const script = useScript(id);
  if (script.isPending) return <LoadingState label="Loading script…" />;
  if (script.isError) {
    if (isApiError(script.error) && script.error.status === 404) return <ScriptNotFound />;
    return (
      <ErrorState
        title="Could not load the script"
        error={script.error}
        onRetry={() => void script.refetch()}
      />
    );
  }
  return <ScriptEditor key={script.data.updatedAt} script={script.data} />;
}

function ScriptEditor({ script }: { script: ScriptDetail | null }) {
  const can = useCan();
  const canManage = can("scripts.manage");
  const navigate = useNavigate();
  const save = useSaveScript(script?.id ?? null);
  const saved = script ? draftOf(script) : emptyDraft();
  const [draft, setDraft] = useState<ScriptDraft>(saved);
  const [errors, setErrors] = useState<FieldErrors>({});
  const dirty = !sameDraft(draft, saved);
  usePageTitle(script ? script.name : "New script");

  const handleSave = () => {
    const checked = validateWith(saveScriptRequest, requestOf(draft));
    if (!checked.ok) {
      setErrors(checked.errors);
      notifications.show({ color: "red", message: "Check the highlighted fields." });
      return;
    }
    setErrors({});
    save.mutate(checked.data, {
      onSuccess: (result) => {
        notifications.show({ color: "teal", message: script ? "Script saved" : "Script created" });
        if (!script) void navigate(`/editor/script/${result.id}`, { replace: true });
      },
      onError: (error) => {
        if (isApiError(error, "E_VALIDATION")) {
          setErrors(serverFieldErrors(error.details));
        }
      },
    });
  };

  return (
    <Stack gap="md">
      <PageHeader
        title={script ? script.name : "New script"}
        description={
          script
            ? `Updated ${formatDateTime(script.updatedAt)}${script.updatedBy ? ` by ${script.updatedBy.name}` : ""}${script.templateId ? " · copied from a template script" : ""}`
            : "Write a script for your library."
        }
        actions={
          <Group gap="xs" wrap="nowrap">
            {dirty ? (
              <Text size="sm" c="orange">
                Unsaved changes
              </Text>
            ) : null}
            <Button variant="default" component={Link} to={LIBRARY}>
              Back to library
            </Button>
            {canManage ? (
              <>
                <Button
                  variant="default"
                  disabled={!dirty || save.isPending}
                  onClick={() => {
                    setDraft(saved);
                    setErrors({});
                  }}
                >
                  Discard changes
                </Button>
                <Button
                  leftSection={<IconDeviceFloppy size={16} />}
                  onClick={handleSave}
                  loading={save.isPending}
                  disabled={!dirty && script !== null}
                >
                  {script ? "Save" : "Create script"}
                </Button>
              </>
            ) : null}
          </Group>
        }
      />
      <FormError
        message={
          save.isError && !isApiError(save.error, "E_VALIDATION")
            ? describeError(save.error)
            : (errors._form ?? null)
        }
      />
      <ScriptForm draft={draft} onChange={setDraft} errors={errors} readOnly={!canManage} />
    </Stack>
  );
}
