import { useState } from "react";
import { Button, Group, Modal, Stack, Text, TextInput, ThemeIcon } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconCircleCheck } from "@tabler/icons-react";
import { backupDemoRequest, type BackupDemoRequest } from "@steward/contracts";
import { useT } from "../../../i18n";
import { useContractForm } from "../../../lib/forms";
import { useBackupDemoRequest } from "../api";

interface DemoRequestDialogProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * The backup demo-request dialog: title "Request Demo", name and email, "Submit";
 * then a thank-you and the confirmation "Demo request sent". A failure is only logged.
 */
export function DemoRequestDialog({ opened, onClose }: DemoRequestDialogProps) {
  const t = useT();
  const request = useBackupDemoRequest();
  const form = useContractForm<BackupDemoRequest>(backupDemoRequest, {
    initialValues: { userName: "", userEmail: "" },
    // A message stays while the value is still wrong (re-checked below), not cleared by any keystroke.
    clearInputErrorOnChange: false,
  });
  const [submitted, setSubmitted] = useState(false);

  const handleClose = () => {
    onClose();
    // Start over next time the dialog opens.
    form.reset();
    setSubmitted(false);
    request.reset();
  };

  const handleSubmit = async (values: BackupDemoRequest) => {
    try {
      await request.mutateAsync(backupDemoRequest.parse(values));
      notifications.show({ color: "teal", message: t("promotion.demo.sent") });
    } catch (error) {
      // A failed demo request is only logged, never shown to the user.
      console.error("Backup demo request failed", error);
    }
    setSubmitted(true);
  };

  /** A field whose message, once shown, follows the typing (and goes once the value is valid). */
  const field = (name: keyof BackupDemoRequest) => {
    const props = form.getInputProps(name);
    return {
      ...props,
      onChange: (event: { currentTarget: { value: string } }) => {
        form.setFieldValue(name, event.currentTarget.value);
        if (form.errors[name]) form.validateField(name);
      },
    };
  };

  return (
    <Modal opened={opened} onClose={handleClose} title={t("promotion.demo.title")} centered>
      {submitted ? (
        <Stack align="center" gap="sm" py="md">
          <ThemeIcon size={48} radius="xl" color="teal" variant="light">
            <IconCircleCheck size={28} />
          </ThemeIcon>
          <Text fw={600}>{t("promotion.demo.thanks")}</Text>
          <Text size="sm" c="dimmed" ta="center">
            {t("promotion.demo.followUp")}
          </Text>
          <Button variant="default" onClick={handleClose}>
            {t("common.actions.close")}
          </Button>
        </Stack>
      ) : (
        <form onSubmit={form.onSubmit((values) => void handleSubmit(values))} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t("promotion.demo.intro")}
            </Text>
            <TextInput
              label={t("common.fields.name")}
              autoComplete="name"
              {...field("userName")}
              withAsterisk
              data-autofocus
            />
            <TextInput
              label={t("common.fields.email")}
              type="email"
              autoComplete="email"
              {...field("userEmail")}
              withAsterisk
            />
            <Group justify="flex-end">
              <Button type="submit" loading={request.isPending}>
                {t("promotion.demo.submit")}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
