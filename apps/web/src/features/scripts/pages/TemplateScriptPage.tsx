import { useState } from "react";
import { Badge, Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconCopy } from "@tabler/icons-react";
import { Link, useNavigate, useParams } from "react-router";
import { messages } from "@steward/domain";
import { describeError, isApiError } from "../../../api";
import { usePageTitle } from "../../../routing";
import { EmptyState, ErrorState, FormError, LoadingState, PageHeader } from "../../../ui";
import { useCan } from "../../auth";
import { useCopyTemplate, useScriptTemplate } from "../api";
import { ScriptForm } from "../components/ScriptForm";
import { draftOf } from "../components/script-draft";

/** /editor/templateScript/:id: a built-in script, read only, copied into the library to change it. */
export function TemplateScriptPage() {
  const id = useParams().id ?? "";
  const template = useScriptTemplate(id);
  const can = useCan();
  const [copying, setCopying] = useState(false);
  usePageTitle(template.data?.name ?? null);

  if (template.isPending) return <LoadingState label="Loading template script…" />;
  if (template.isError) {
    if (isApiError(template.error) && (template.error.status === 404 || template.error.status === 400)) {
      return (
        <EmptyState
          title="This template script does not exist"
          action={
            <Button
              component={Link}
              to="/administration/library/scripting/1?view=templates"
              variant="default"
            >
              Back to template scripts
            </Button>
          }
        />
      );
    }
    return (
      <ErrorState
        title="Could not load the template script"
        error={template.error}
        onRetry={() => void template.refetch()}
      />
    );
  }
  const t = template.data;
  return (
    <Stack gap="md">
      <PageHeader
        title={
          <Group gap="xs" wrap="nowrap">
            {t.name}
            <Badge variant="light">{t.category}</Badge>
            {t.readOnly ? (
              <Badge variant="light" color="gray">
                Changes nothing
              </Badge>
            ) : null}
          </Group>
        }
        description="A template script that comes with Steward. Copy it into your library to change it or to use it in scheduled tasks."
        actions={
          <Group gap="xs">
            <Button
              variant="default"
              component={Link}
              to="/administration/library/scripting/1?view=templates"
            >
              Back to templates
            </Button>
            {can("scripts.manage") ? (
              <Button leftSection={<IconCopy size={16} />} onClick={() => setCopying(true)}>
                Copy to library
              </Button>
            ) : null}
          </Group>
        }
      />
      <ScriptForm draft={draftOf(t)} onChange={() => {}} errors={{}} readOnly />
      <Modal opened={copying} onClose={() => setCopying(false)} title="Copy to library">
        {copying ? (
          <CopyForm templateId={t.id} defaultName={t.name} onClose={() => setCopying(false)} />
        ) : null}
      </Modal>
    </Stack>
  );
}

function CopyForm({
  templateId,
  defaultName,
  onClose,
}: {
  templateId: string;
  defaultName: string;
  onClose: () => void;
}) {
  const copy = useCopyTemplate();
  const navigate = useNavigate();
  const [name, setName] = useState(defaultName);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!name.trim()) return setError(messages.mandatory);
        copy.mutate(
          { id: templateId, name: name.trim() },
          {
            onSuccess: (script) => {
              notifications.show({ color: "teal", message: `"${script.name}" copied to your library` });
              void navigate(`/editor/script/${script.id}`);
            },
          },
        );
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Name in your library"
          autoFocus
          maxLength={200}
          value={name}
          error={error}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setError(null);
          }}
        />
        <FormError message={copy.isError ? describeError(copy.error) : null} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={copy.isPending}>
            Copy
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
