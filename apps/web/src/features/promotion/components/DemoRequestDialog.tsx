import { useState, type FormEvent } from "react";
import { Button, Group, Modal, Stack, Text, TextInput, ThemeIcon } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconCircleCheck } from "@tabler/icons-react";
import { demoRequestRules, messages } from "@steward/domain";
import { useBackupDemoRequest } from "../api";

interface DemoRequestDialogProps {
  opened: boolean;
  onClose: () => void;
}

type Errors = ReturnType<typeof demoRequestRules.validate>;

/**
 * The backup demo-request dialog: title "Request Demo", name and email, "Submit";
 * then a thank-you and the confirmation "Demo request sent". A failure is only logged.
 */
export function DemoRequestDialog({ opened, onClose }: DemoRequestDialogProps) {
  const request = useBackupDemoRequest();
  const [userName, setUserName] = useState("");
  const [userEmail, setUserEmail] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);

  const handleClose = () => {
    onClose();
    // Start over next time the dialog opens.
    setUserName("");
    setUserEmail("");
    setErrors({});
    setSubmitted(false);
    request.reset();
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = demoRequestRules.validate({ userName, userEmail });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await request.mutateAsync({ userName: userName.trim(), userEmail: userEmail.trim() });
      notifications.show({ color: "teal", message: messages.demoRequest.sent });
    } catch (error) {
      // A failed demo request is only logged, never shown to the user.
      console.error("Backup demo request failed", error);
    }
    setSubmitted(true);
  };

  const revalidate = (next: { userName: string; userEmail: string }, field: keyof Errors) => {
    if (!errors[field]) return;
    setErrors((current) => ({ ...current, [field]: demoRequestRules.validate(next)[field] }));
  };

  return (
    <Modal opened={opened} onClose={handleClose} title={messages.demoRequest.title} centered>
      {submitted ? (
        <Stack align="center" gap="sm" py="md">
          <ThemeIcon size={48} radius="xl" color="teal" variant="light">
            <IconCircleCheck size={28} />
          </ThemeIcon>
          <Text fw={600}>Thank you for your interest!</Text>
          <Text size="sm" c="dimmed" ta="center">
            Our backup team will contact you shortly to arrange your demo.
          </Text>
          <Button variant="default" onClick={handleClose}>
            Close
          </Button>
        </Stack>
      ) : (
        <form onSubmit={(event) => void handleSubmit(event)} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              See cloud and local backup, image backup and restore in action. Leave your details and we will
              be in touch.
            </Text>
            <TextInput
              label="Name"
              autoComplete="name"
              value={userName}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setUserName(value);
                revalidate({ userName: value, userEmail }, "userName");
              }}
              error={errors.userName}
              withAsterisk
              data-autofocus
            />
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              value={userEmail}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setUserEmail(value);
                revalidate({ userName, userEmail: value }, "userEmail");
              }}
              error={errors.userEmail}
              withAsterisk
            />
            <Group justify="flex-end">
              <Button type="submit" loading={request.isPending}>
                {messages.demoRequest.submit}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
