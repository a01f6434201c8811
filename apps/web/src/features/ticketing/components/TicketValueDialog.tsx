import { useState } from "react";
import { Button, Group, Modal, NumberInput, Select, Stack, TextInput } from "@mantine/core";
import { z } from "zod";
import {
  TICKET_STATE_TYPES,
  saveTicketValueRequest,
  type TicketStateType,
  type TicketValue,
  type TicketValueKind,
} from "@steward/contracts";
import { describeError } from "../../../api";
import { useT } from "../../../i18n";
import { applyServerErrors, useContractForm } from "../../../lib/forms";
import { FormError } from "../../../ui";
import { useSaveTicketValue } from "../api";

interface ValueForm extends Record<string, unknown> {
  name: string;
  stateType: string | null;
  position: number | string;
}

const requestOf = (kind: TicketValueKind, v: ValueForm) => ({
  kind,
  name: v.name,
  stateType: kind === "STATUS" ? ((v.stateType as TicketStateType | null) ?? null) : null,
  position: v.position === "" ? 0 : Number(v.position),
});

/**
 * Adds a value to a setup list or renames and reorders one (a built-in status keeps its state).
 * Mounted anew for each value it edits, so its form starts from that value.
 */
export function TicketValueDialog({
  kind,
  value,
  opened,
  onClose,
}: {
  kind: TicketValueKind;
  value: TicketValue | null;
  opened: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const save = useSaveTicketValue();
  const [error, setError] = useState<string | null>(null);
  const form = useContractForm<ValueForm>(
    z.preprocess((v) => requestOf(kind, v as ValueForm), saveTicketValueRequest),
    {
      initialValues: {
        name: value?.name ?? "",
        stateType: value?.stateType ?? null,
        position: value?.position ?? 0,
      },
    },
  );

  const handleSubmit = (v: ValueForm) =>
    save.mutate(
      { id: value?.id ?? null, body: saveTicketValueRequest.parse(requestOf(kind, v)) },
      {
        onSuccess: onClose,
        onError: (e) => {
          if (!applyServerErrors(form, e)) setError(describeError(e));
        },
      },
    );

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(value ? "ticketing.setup.editTitle" : "ticketing.setup.addTitle")}
    >
      <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t("ticketing.setup.name")}
            withAsterisk
            maxLength={100}
            disabled={kind === "STATUS" && value?.builtIn === true}
            {...form.getInputProps("name")}
          />
          {kind === "STATUS" ? (
            <Select
              label={t("ticketing.setup.stateType")}
              withAsterisk
              disabled={value?.builtIn === true}
              data={TICKET_STATE_TYPES.map((s) => ({ value: s, label: t(`ticketing.states.${s}`) }))}
              {...form.getInputProps("stateType")}
            />
          ) : null}
          <NumberInput
            label={t("ticketing.setup.position")}
            min={0}
            max={10000}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps("position")}
          />
          <FormError message={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("ticketing.form.cancel")}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t("ticketing.setup.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
