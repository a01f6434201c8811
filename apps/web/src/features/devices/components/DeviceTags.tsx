import { useState } from "react";
import { Badge, Button, CloseButton, Group, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconPlus } from "@tabler/icons-react";
import { validateTag } from "@steward/domain";
import { describeError, isApiError } from "../../../api";
import { useAddTag, useRemoveTag } from "../api";

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
  const add = useAddTag(deviceId);
  const remove = useRemoveTag(deviceId);
  const [tag, setTag] = useState("");
  const [error, setError] = useState<string | null>(null);

  const handleAdd = (event: React.FormEvent) => {
    event.preventDefault();
    const problem = validateTag(tag);
    setError(problem);
    if (problem) return;
    add.mutate(tag, {
      onSuccess: () => setTag(""),
      // The server checks the same rules; its 400 carries the spec's message.
      onError: (e) => setError(isApiError(e, "E_TAG_INVALID") ? e.message : describeError(e)),
    });
  };

  return (
    <Stack gap="xs">
      {tags.length === 0 ? (
        <Text size="sm" c="dimmed">
          No tags.
        </Text>
      ) : (
        <Group gap={6}>
          {tags.map((t) => (
            <Badge
              key={t}
              variant="outline"
              tt="none"
              size="lg"
              fw={500}
              rightSection={
                canEdit ? (
                  <CloseButton
                    size="xs"
                    variant="transparent"
                    aria-label={`Remove tag ${t}`}
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(t, {
                        onError: (e) =>
                          notifications.show({
                            color: "red",
                            title: "Could not remove the tag",
                            message: describeError(e),
                          }),
                      })
                    }
                  />
                ) : null
              }
            >
              {t}
            </Badge>
          ))}
        </Group>
      )}
      {canEdit ? (
        <form onSubmit={handleAdd} aria-label="Add tag">
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              aria-label="New tag"
              placeholder="New tag"
              value={tag}
              error={error}
              style={{ flex: 1, maxWidth: 260 }}
              onChange={(event) => {
                setTag(event.currentTarget.value);
                if (error) setError(null);
              }}
            />
            <Button
              type="submit"
              variant="default"
              leftSection={<IconPlus size={14} />}
              loading={add.isPending}
              style={{ flexShrink: 0 }}
            >
              Add tag
            </Button>
          </Group>
        </form>
      ) : null}
    </Stack>
  );
}
