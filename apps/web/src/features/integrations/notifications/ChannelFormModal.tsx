import { useState } from "react";
import {
  Button,
  Group,
  Modal,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  TextInput,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { z } from "zod";
import {
  createNotificationChannelRequest,
  NOTIFICATION_CHANNEL_TYPES,
  updateNotificationChannelRequest,
  type NotificationChannel,
  type NotificationChannelType,
} from "@steward/contracts";
import { describeError } from "../../../api";
import { useT } from "../../../i18n";
import { applyServerErrors, useContractForm } from "../../../lib/forms";
import { FormError } from "../../../ui";
import { useSaveChannel } from "./api";
import { channelTypeText } from "./labels";

interface ChannelFormModalProps {
  channel: NotificationChannel | null;
  opened: boolean;
  onClose: () => void;
}

interface ChannelValues extends Record<string, unknown> {
  type: NotificationChannelType;
  name: string;
  enabled: boolean;
  recipients: string[];
  url: string;
  secret: string;
  throttleLimit: number;
  throttleWindowMinutes: number;
}

/** Only the fields of the channel's type; an empty URL or secret while editing keeps the stored one. */
function bodyOf(values: ChannelValues, editing: boolean): Record<string, unknown> {
  const { type, recipients, url, secret, ...rest } = values;
  const body: Record<string, unknown> = editing ? rest : { type, ...rest };
  if (type === "EMAIL") body.recipients = recipients;
  else if (url !== "" || !editing) body.url = url;
  if (type === "WEBHOOK" && (secret !== "" || !editing)) body.secret = secret;
  return body;
}

const createSchema = z.preprocess((v) => bodyOf(v as ChannelValues, false), createNotificationChannelRequest);
const updateSchema = z.preprocess((v) => bodyOf(v as ChannelValues, true), updateNotificationChannelRequest);

export function ChannelFormModal(props: ChannelFormModalProps) {
  const t = useT();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={
        props.channel
          ? t("integrations.channels.form.editTitle", { name: props.channel.name })
          : t("integrations.channels.form.newTitle")
      }
      size="lg"
    >
      {props.opened ? <ChannelForm {...props} /> : null}
    </Modal>
  );
}

function ChannelForm({ channel, onClose }: ChannelFormModalProps) {
  const t = useT();
  const save = useSaveChannel();
  const schema = channel ? updateSchema : createSchema;
  const form = useContractForm<ChannelValues>(schema, {
    initialValues: {
      type: channel?.type ?? "EMAIL",
      name: channel?.name ?? "",
      enabled: channel?.enabled ?? true,
      recipients: channel?.recipients ?? [],
      url: "",
      secret: "",
      throttleLimit: channel?.throttleLimit ?? 10,
      throttleWindowMinutes: channel?.throttleWindowMinutes ?? 10,
    },
  });
  const [submitError, setSubmitError] = useState<string | null>(null);
  const type = form.values.type;

  const handleSubmit = (values: ChannelValues) => {
    setSubmitError(null);
    const body = channel ? updateSchema.parse(values) : createSchema.parse(values);
    save.mutate(
      { id: channel?.id ?? null, body },
      {
        onSuccess: () => {
          notifications.show({
            color: "teal",
            message: channel
              ? t("integrations.channels.form.saved")
              : t("integrations.channels.form.created"),
          });
          onClose();
        },
        onError: (error) => {
          if (!applyServerErrors(form, error)) setSubmitError(describeError(error));
        },
      },
    );
  };

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={2}>
          <TextInput
            label={t("common.fields.name")}
            required
            maxLength={100}
            {...form.getInputProps("name")}
          />
          <Select
            label={t("common.fields.type")}
            allowDeselect={false}
            disabled={channel !== null}
            data={NOTIFICATION_CHANNEL_TYPES.map((v) => ({ value: v, label: t(channelTypeText[v]) }))}
            {...form.getInputProps("type")}
            onChange={(v) => form.setFieldValue("type", (v as NotificationChannelType | null) ?? "EMAIL")}
          />
        </SimpleGrid>
        {type === "EMAIL" ? (
          <TagsInput
            label={t("integrations.channels.form.recipients")}
            description={t("integrations.channels.form.recipientsHelp")}
            required
            maxTags={20}
            {...form.getInputProps("recipients")}
          />
        ) : (
          <TextInput
            label={t("integrations.channels.form.url")}
            description={
              channel
                ? t("integrations.channels.form.keepUrl", { hint: channel.urlHint ?? "" })
                : t("integrations.channels.form.urlHelp")
            }
            required={channel === null}
            maxLength={2048}
            autoComplete="off"
            {...form.getInputProps("url")}
          />
        )}
        {type === "WEBHOOK" ? (
          <PasswordInput
            label={t("integrations.channels.form.secret")}
            description={
              channel
                ? t("integrations.channels.form.keepSecret")
                : t("integrations.channels.form.secretHelp")
            }
            required={channel === null}
            autoComplete="new-password"
            maxLength={256}
            {...form.getInputProps("secret")}
          />
        ) : null}
        <SimpleGrid cols={2}>
          <NumberInput
            label={t("integrations.channels.form.throttleLimit")}
            min={1}
            max={1000}
            allowDecimal={false}
            {...form.getInputProps("throttleLimit")}
          />
          <NumberInput
            label={t("integrations.channels.form.throttleWindow")}
            min={1}
            max={1440}
            allowDecimal={false}
            {...form.getInputProps("throttleWindowMinutes")}
          />
        </SimpleGrid>
        <Switch
          label={t("integrations.channels.form.enabled")}
          {...form.getInputProps("enabled", { type: "checkbox" })}
        />
        <FormError message={submitError ?? (form.errors._form as string | undefined) ?? null} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("common.actions.cancel")}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {channel ? t("common.actions.save") : t("integrations.channels.form.create")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
