import { useState } from "react";
import { Badge, Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconCopy } from "@tabler/icons-react";
import { Link, useNavigate, useParams } from "react-router";
import { z } from "zod";
import { copyScriptTemplateRequest, type ScriptTemplate } from "@steward/contracts";
import { describeError, isApiError } from "../../../api";
import { useT } from "../../../i18n";
import { applyServerErrors, useContractForm } from "../../../lib/forms";
import { usePageTitle } from "../../../routing";
import { EmptyState, ErrorState, FormError, LoadingState, PageHeader } from "../../../ui";
import { useCan } from "../../auth";
import { useCopyTemplate, useScriptTemplate } from "../api";
import { ScriptForm } from "../components/ScriptForm";
import { categoryText } from "../labels";
import { draftOf, scriptDraftSchema, type ScriptDraft } from "../components/script-draft";

const TEMPLATES = "/administration/library/scripting/1?view=templates";

/** /editor/templateScript/:id: a built-in script, read only, copied into the library to change it. */
export function TemplateScriptPage() {
  const t = useT();
  const id = useParams().id ?? "";
  const template = useScriptTemplate(id);
  const can = useCan();
  const [copying, setCopying] = useState(false);
  usePageTitle(template.data?.name ?? null);

  if (template.isPending) return <LoadingState label={t("scripts.template.loading")} />;
  if (template.isError) {
    if (isApiError(template.error) && (template.error.status === 404 || template.error.status === 400)) {
      return (
        <EmptyState
          title={t("scripts.template.notFound")}
          action={
            <Button component={Link} to={TEMPLATES} variant="default">
              {t("scripts.template.backToTemplates")}
            </Button>
          }
        />
      );
    }
    return (
      <ErrorState
        title={t("scripts.template.loadError")}
        error={template.error}
        onRetry={() => void template.refetch()}
      />
    );
  }
  const data = template.data;
  return (
    <Stack gap="md">
      <PageHeader
        title={
          <Group gap="xs" wrap="nowrap">
            {data.name}
            <Badge variant="light">{t(categoryText[data.category])}</Badge>
            {data.readOnly ? (
              <Badge variant="light" color="gray">
                {t("scripts.templates.readOnly")}
              </Badge>
            ) : null}
          </Group>
        }
        description={t("scripts.template.description")}
        actions={
          <Group gap="xs">
            <Button variant="default" component={Link} to={TEMPLATES}>
              {t("scripts.template.back")}
            </Button>
            {can("scripts.manage") ? (
              <Button leftSection={<IconCopy size={16} />} onClick={() => setCopying(true)}>
                {t("scripts.templates.copyToLibrary")}
              </Button>
            ) : null}
          </Group>
        }
      />
      <TemplateView key={data.id} template={data} />
      <Modal opened={copying} onClose={() => setCopying(false)} title={t("scripts.templates.copyToLibrary")}>
        {copying ? (
          <CopyForm templateId={data.id} defaultName={data.name} onClose={() => setCopying(false)} />
        ) : null}
      </Modal>
    </Stack>
  );
}

/** The template's definition, shown read only in the script form. */
function TemplateView({ template }: { template: ScriptTemplate }) {
  const form = useContractForm<ScriptDraft>(scriptDraftSchema, { initialValues: draftOf(template) });
  return <ScriptForm form={form} readOnly />;
}

/** The copy's name: required here, although the request may leave it out. */
const copyForm = z.object({ name: copyScriptTemplateRequest.unwrap().shape.name.unwrap() });
type CopyValues = z.input<typeof copyForm>;

function CopyForm({
  templateId,
  defaultName,
  onClose,
}: {
  templateId: string;
  defaultName: string;
  onClose: () => void;
}) {
  const t = useT();
  const copy = useCopyTemplate();
  const navigate = useNavigate();
  const form = useContractForm<CopyValues>(copyForm, { initialValues: { name: defaultName } });
  const [submitError, setSubmitError] = useState<string | null>(null);
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        setSubmitError(null);
        copy.mutate(
          { id: templateId, name: copyForm.parse(values).name },
          {
            onSuccess: (script) => {
              notifications.show({
                color: "teal",
                message: t("scripts.templates.copied", { name: script.name }),
              });
              void navigate(`/editor/script/${script.id}`);
            },
            onError: (error) => {
              if (!applyServerErrors(form, error)) setSubmitError(describeError(error));
            },
          },
        );
      })}
    >
      <Stack gap="sm">
        <TextInput
          label={t("scripts.template.nameInLibrary")}
          autoFocus
          maxLength={200}
          {...form.getInputProps("name")}
        />
        <FormError message={submitError} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("common.actions.cancel")}
          </Button>
          <Button type="submit" loading={copy.isPending}>
            {t("common.actions.copy")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
