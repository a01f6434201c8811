import { useState } from "react";
import {
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  Title,
  TypographyStylesProvider,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { addTicketCommentRequest, type TicketComment } from "@steward/contracts";
import { describeError } from "../../../api";
import { useT } from "../../../i18n";
import { FormError, formatDateTime } from "../../../ui";
import { useCan } from "../../auth";
import { useAddComment } from "../api";
import { plainTextToHtml } from "./rich-text";

/** HTML the server sanitized (descriptions, comments), shown as rich text. */
export function SanitizedHtml({ html }: { html: string }) {
  // The server keeps only an allow-list of elements and attributes; nothing else reaches here.
  return (
    <TypographyStylesProvider fz="sm">
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </TypographyStylesProvider>
  );
}

function Comment({ comment }: { comment: TicketComment }) {
  const t = useT();
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      bg={comment.public ? undefined : "var(--mantine-color-yellow-light)"}
    >
      <Group justify="space-between" mb={4}>
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {comment.author?.name ?? t("ticketing.comments.system")}
          </Text>
          <Badge size="xs" variant="light" color={comment.public ? "blue" : "yellow"}>
            {t(comment.public ? "ticketing.comments.reply" : "ticketing.comments.note")}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {formatDateTime(comment.createdAt)}
        </Text>
      </Group>
      <SanitizedHtml html={comment.bodyHtml} />
    </Paper>
  );
}

/** A ticket's replies and notes, oldest first, and the editor to add one. */
export function TicketConversation({ ticketId, comments }: { ticketId: number; comments: TicketComment[] }) {
  const t = useT();
  const can = useCan();
  const add = useAddComment(ticketId);
  const [text, setText] = useState("");
  const [kind, setKind] = useState<"reply" | "note">("reply");
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = () => {
    const body = { bodyHtml: plainTextToHtml(text), public: kind === "reply" };
    const checked = addTicketCommentRequest.safeParse(body);
    if (!checked.success) {
      setError(t("ticketing.comments.addError"));
      return;
    }
    setError(null);
    add.mutate(checked.data, {
      onSuccess: () => {
        setText("");
        notifications.show({ color: "teal", message: t("ticketing.comments.added") });
      },
      onError: (e) => setError(describeError(e)),
    });
  };

  return (
    <Stack gap="sm">
      <Title order={4}>{t("ticketing.comments.title")}</Title>
      {comments.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("ticketing.comments.empty")}
        </Text>
      ) : (
        comments.map((c) => <Comment key={c.id} comment={c} />)
      )}
      {can("ticketing.manage") ? (
        <Paper withBorder radius="md" p="sm">
          <Stack gap="xs">
            <SegmentedControl
              aria-label={t("ticketing.comments.kind")}
              w="fit-content"
              value={kind}
              onChange={(v) => setKind(v as "reply" | "note")}
              data={[
                { value: "reply", label: t("ticketing.comments.reply") },
                { value: "note", label: t("ticketing.comments.note") },
              ]}
            />
            <Textarea
              label={t("ticketing.comments.body")}
              placeholder={t("ticketing.comments.placeholder")}
              autosize
              minRows={3}
              maxRows={12}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
            />
            <FormError message={error} />
            <Group>
              <Button onClick={handleSubmit} loading={add.isPending} disabled={text.trim() === ""}>
                {t("ticketing.comments.submit")}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
