import { useMemo, useState } from "react";
import { Anchor, Select, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { generalSettings, type GeneralSettings } from "@steward/contracts";
import { describeError } from "../../../api";
import { useT } from "../../../i18n";
import { applyServerErrors, useContractForm } from "../../../lib/forms";
import { FormError, FormCard, SaveBar } from "../../../ui";
import { useSaveGeneralSettings } from "../api";
import { browserTimeZone, timeZoneOptions } from "../../../lib/time-zones";

interface GeneralSettingsFormProps {
  settings: GeneralSettings;
  canManage: boolean;
}

export function GeneralSettingsForm({ settings, canManage }: GeneralSettingsFormProps) {
  const t = useT();
  const form = useContractForm<GeneralSettings>(generalSettings, { initialValues: settings });
  const [submitError, setSubmitError] = useState<string | null>(null);
  const save = useSaveGeneralSettings();
  const zones = useMemo(() => timeZoneOptions(settings.defaultTimeZone), [settings.defaultTimeZone]);
  const localZone = browserTimeZone();
  const { defaultTimeZone } = form.getValues();

  const handleSubmit = async (values: GeneralSettings) => {
    setSubmitError(null);
    try {
      await save.mutateAsync(generalSettings.parse(values));
      notifications.show({ color: "teal", message: t("settings.general.saved") });
    } catch (error) {
      applyServerErrors(form, error);
      setSubmitError(describeError(error));
    }
  };

  const timeZoneHelp = t("settings.general.timeZoneHelp");
  return (
    <FormCard onSubmit={form.onSubmit((values) => void handleSubmit(values))}>
      <TextInput
        label={t("settings.general.companyName")}
        description={t("settings.general.companyNameHelp")}
        {...form.getInputProps("companyName")}
        readOnly={!canManage}
      />
      <Select
        label={t("settings.general.timeZone")}
        description={
          localZone && localZone !== defaultTimeZone && canManage ? (
            <>
              {timeZoneHelp}{" "}
              <Anchor
                component="button"
                type="button"
                size="xs"
                onClick={() => form.setFieldValue("defaultTimeZone", localZone)}
              >
                {t("settings.general.useZone", { zone: localZone })}
              </Anchor>
            </>
          ) : (
            timeZoneHelp
          )
        }
        data={zones}
        {...form.getInputProps("defaultTimeZone")}
        onChange={(value) => value && form.setFieldValue("defaultTimeZone", value)}
        searchable
        allowDeselect={false}
        nothingFoundMessage={t("settings.general.noZone")}
        maxDropdownHeight={280}
        readOnly={!canManage}
      />
      <FormError message={submitError} />
      {canManage ? (
        <SaveBar
          dirty={form.isDirty()}
          saving={save.isPending}
          onDiscard={() => {
            form.reset();
            setSubmitError(null);
          }}
        />
      ) : null}
    </FormCard>
  );
}
