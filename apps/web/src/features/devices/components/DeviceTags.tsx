import { Badge, Button, CloseButton, Group, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconPlus } from "@tabler/icons-react";
import { z } from "zod";
import { validateTag } from "@steward/domain";
import { describeError, isApiError } from "../../../api";
import { describeApiError, useT } from "../../../i18n";
import { useContractForm } from "../../../lib/forms";
import { useAddTag, useRemoveTag } from "../api";

/** A new tag: the same rules (and messages) the server applies to a tag. */
const newTagForm = z.object({
  tag: z.string().superRefine((tag, ctx) => {
    const problem = validateTag(tag);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }),
});
type NewTagValues = z.infer<typeof newTagForm>;

/** A device's tags: add (checked with the spec's tag rules and messages) and remove. */
export function DeviceTags({
  deviceId,
  tags,
  canEdit,
}: {
  deviceId: number;
  tags: string[];
  canEdit: boolean;
}) {
  const t = useT();
  const add = useAddTag(deviceId);
  const remove = useRemoveTag(deviceId);
  const form = useContractForm<NewTagValues>(newTagForm, { initialValues: { tag: "" } });

  const handleAdd = ({ tag }: NewTagValues) => {
    add.mutate(tag, {
      onSuccess: () => form.reset(),
      // The server checks the same rules; its 400 carries the spec's message.
      onError: (e) =>
        form.setFieldError("tag", isApiError(e, "E_TAG_INVALID") ? describeApiError(e) : describeError(e)),
    });
  };

  return (
    <Stack gap="xs">
      {tags.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("devices.tags.none")}
        </Text>
      ) : (
        <Group gap={6}>
          {tags.map((tag) => (
            <Badge
              key={tag}
              variant="outline"
              tt="none"
              size="lg"
              fw={500}
              rightSection={
                canEdit ? (
                  <CloseButton
                    size="xs"
                    variant="transparent"
                    aria-label={t("devices.tags.remove", { tag })}
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(tag, {
                        onError: (e) =>
                          notifications.show({
                            color: "red",
                            title: t("devices.tags.removeError"),
                            message: describeError(e),
                          }),
                      })
                    }
                  />
                ) : null
              }
            >
              {tag}
            </Badge>
          ))}
        </Group>
      )}
      {canEdit ? (
        <form onSubmit={form.onSubmit(handleAdd)} aria-label={t("devices.tags.form")} noValidate>
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              aria-label={t("devices.tags.newTag")}
              placeholder={t("devices.tags.newTag")}
              {...form.getInputProps("tag")}
              style={{ flex: 1, maxWidth: 260 }}
            />
            <Button
              type="submit"
              variant="default"
              leftSection={<IconPlus size={14} />}
              loading={add.isPending}
              style={{ flexShrink: 0 }}
            >
              {t("devices.tags.add")}
            </Button>
          </Group>
        </form>
      ) : null}
    </Stack>
  );
}
