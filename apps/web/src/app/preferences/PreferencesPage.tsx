import { useEffect, useMemo, useState } from "react";
import {
  Autocomplete,
  Checkbox,
  Group,
  Radio,
  SegmentedControl,
  Select,
  Stack,
  Text,
  useMantineColorScheme,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { z } from "zod";
import {
  defaultUserPreferences,
  localeNames,
  supportedLocales,
  updateUserPreferencesRequest,
  type DateFormatPreference,
  type Locale,
  type ThemePreference,
  type UpdateUserPreferencesRequest,
  type UserPreferences,
} from "@steward/contracts";
import { canonicalTimeZone, conditionSeverities, type ConditionSeverity } from "@steward/domain";
import { describeError } from "../../api";
import { useCan } from "../../features/auth";
import { formatDateTime, setLocaleSettings, translate, useT, type MessageKey } from "../../i18n";
import { applyServerErrors, useContractForm } from "../../lib/forms";
import { browserTimeZone, timeZoneOptions } from "../../lib/time-zones";
import { DASHBOARD_PATH, navTarget, useRouteRegistry, useRouteText } from "../../routing";
import { FormCard, FormError, PageHeader, QueryView, SaveBar } from "../../ui";
import { usePreferences, useSavePreferences } from "./api";
import { browserLocale, colorSchemeOf, localeSettingsOf } from "./apply";

/** Select values for "not set": the browser's language, the dashboard as start page. */
const BROWSER = "browser";
const DASHBOARD = "dashboard";

/** The form's values: what the fields hold ("" time zone: the browser's). */
interface PreferencesFormValues extends Record<string, unknown> {
  language: string;
  theme: ThemePreference;
  timeZone: string;
  dateFormat: DateFormatPreference;
  startPage: string;
  alertEmailSeverities: string[];
}

function toFormValues(saved: UserPreferences): PreferencesFormValues {
  return {
    language: saved.language ?? BROWSER,
    theme: saved.theme,
    timeZone: saved.timeZone ?? "",
    dateFormat: saved.dateFormat,
    startPage: saved.startPage ?? DASHBOARD,
    alertEmailSeverities: saved.alertEmailSeverities ?? defaultUserPreferences.alertEmailSeverities ?? [],
  };
}

function toPreferences(values: PreferencesFormValues): UserPreferences {
  return {
    language: values.language === BROWSER ? null : (values.language as Locale),
    theme: values.theme,
    timeZone: values.timeZone.trim() === "" ? null : values.timeZone.trim(),
    dateFormat: values.dateFormat,
    startPage: values.startPage === DASHBOARD ? null : values.startPage,
    // Worst first, whatever order they were ticked in.
    alertEmailSeverities: conditionSeverities.filter((s) => values.alertEmailSeverities.includes(s)),
  };
}

/** The request's own rules, checked on the values as they will be sent. */
const formSchema = z.preprocess(
  (values) => toPreferences(values as PreferencesFormValues),
  updateUserPreferencesRequest,
);

/** Only what differs from the saved set is sent (lists compared by their items). */
function changes(saved: UserPreferences, next: UserPreferences): UpdateUserPreferencesRequest {
  const change: Record<string, unknown> = {};
  const baseline = toPreferences(toFormValues(saved));
  for (const key of Object.keys(next) as (keyof UserPreferences)[])
    if (JSON.stringify(next[key]) !== JSON.stringify(baseline[key])) change[key] = next[key];
  return change as UpdateUserPreferencesRequest;
}

const themeText: Record<ThemePreference, MessageKey> = {
  light: "shell.preferences.themeLight",
  dark: "shell.preferences.themeDark",
  system: "shell.preferences.themeSystem",
};

const dateFormats: DateFormatPreference[] = ["locale", "iso", "dmy", "mdy"];

const severityText: Record<ConditionSeverity, MessageKey> = {
  CRITICAL: "shell.preferences.severities.CRITICAL",
  MAJOR: "shell.preferences.severities.MAJOR",
  MODERATE: "shell.preferences.severities.MODERATE",
  MINOR: "shell.preferences.severities.MINOR",
};

/** The current moment, renewed every half minute (for the live date examples). */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

function PreferencesForm({ saved }: { saved: UserPreferences }) {
  const t = useT();
  const text = useRouteText();
  const can = useCan();
  const now = useNow();
  const { setColorScheme } = useMantineColorScheme();
  const save = useSavePreferences();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const form = useContractForm<PreferencesFormValues>(formSchema, { initialValues: toFormValues(saved) });
  const values = form.getValues();

  const localZone = browserTimeZone();
  const zones = useMemo(() => timeZoneOptions(saved.timeZone ?? undefined), [saved.timeZone]);

  const languages = [
    {
      value: BROWSER,
      label: t("shell.preferences.browserLanguage", { language: localeNames[browserLocale()] }),
    },
    ...supportedLocales.map((locale) => ({ value: locale, label: localeNames[locale] })),
  ];

  const registry = useRouteRegistry();
  const startPages = [
    { value: DASHBOARD, label: t("shell.preferences.dashboard") },
    ...registry
      .filter((entry) => entry.nav && can(entry.access) && navTarget(entry) !== DASHBOARD_PATH)
      .sort((a, b) => (a.nav?.order ?? 0) - (b.nav?.order ?? 0))
      .map((entry) => ({ value: navTarget(entry), label: text(entry.nav?.label ?? entry.title) })),
  ];
  // A start page chosen elsewhere (not a sidebar page) stays selectable as its address.
  if (saved.startPage && !startPages.some((option) => option.value === saved.startPage))
    startPages.push({ value: saved.startPage, label: saved.startPage });

  // The examples follow the language and zone picked in the form, before they are saved.
  const chosen = localeSettingsOf(toPreferences(values));
  const exampleZone = chosen.timeZone && canonicalTimeZone(chosen.timeZone) ? chosen.timeZone : undefined;
  const example = (dateFormat: DateFormatPreference) =>
    formatDateTime(now, { locale: chosen.locale, timeZone: exampleZone, dateFormat });

  const handleSubmit = async (next: PreferencesFormValues) => {
    setSubmitError(null);
    try {
      const result = await save.mutateAsync(changes(saved, toPreferences(next)));
      // Applied at once; a new language renders the console anew, the confirmation speaks it.
      setLocaleSettings(localeSettingsOf(result));
      setColorScheme(colorSchemeOf[result.theme]);
      notifications.show({ color: "teal", message: translate("shell.preferences.saved") });
      form.setInitialValues(toFormValues(result));
      form.reset();
    } catch (error) {
      applyServerErrors(form, error);
      setSubmitError(describeError(error));
    }
  };

  return (
    <FormCard onSubmit={form.onSubmit((next) => void handleSubmit(next))}>
      <Select
        label={t("shell.preferences.language")}
        description={t("shell.preferences.languageHelp")}
        data={languages}
        allowDeselect={false}
        {...form.getInputProps("language")}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="preferences-theme-label">
          {t("shell.preferences.theme")}
        </Text>
        <SegmentedControl
          aria-labelledby="preferences-theme-label"
          data={(["light", "dark", "system"] as const).map((theme) => ({
            value: theme,
            label: t(themeText[theme]),
          }))}
          {...form.getInputProps("theme")}
          style={{ alignSelf: "flex-start" }}
        />
      </Stack>
      <Autocomplete
        label={t("shell.preferences.timeZone")}
        description={t("shell.preferences.timeZoneHelp")}
        placeholder={
          localZone
            ? t("shell.preferences.browserTimeZone", { zone: localZone })
            : t("shell.preferences.browserTimeZoneUnknown")
        }
        data={zones}
        limit={50}
        maxDropdownHeight={280}
        {...form.getInputProps("timeZone")}
      />
      <Radio.Group
        label={t("shell.preferences.dateFormat")}
        description={t("shell.preferences.dateFormatHelp")}
        {...form.getInputProps("dateFormat")}
      >
        <Stack gap="xs" mt="xs">
          {dateFormats.map((format) =>
            format === "locale" ? (
              <Radio
                key={format}
                value={format}
                label={t("shell.preferences.dateFormatLocale")}
                description={t("shell.preferences.example", { example: example(format) })}
              />
            ) : (
              <Radio key={format} value={format} label={example(format)} />
            ),
          )}
        </Stack>
      </Radio.Group>
      <Select
        label={t("shell.preferences.startPage")}
        description={t("shell.preferences.startPageHelp")}
        data={startPages}
        allowDeselect={false}
        {...form.getInputProps("startPage")}
      />
      <Checkbox.Group
        label={t("shell.preferences.alertEmails")}
        description={t("shell.preferences.alertEmailsHelp")}
        {...form.getInputProps("alertEmailSeverities")}
      >
        <Group gap="lg" mt="xs">
          {conditionSeverities.map((severity) => (
            <Checkbox key={severity} value={severity} label={t(severityText[severity])} />
          ))}
        </Group>
      </Checkbox.Group>
      <FormError message={submitError} />
      <SaveBar
        dirty={form.isDirty()}
        saving={save.isPending}
        onDiscard={() => {
          form.reset();
          setSubmitError(null);
        }}
      />
    </FormCard>
  );
}

/**
 * The signed-in technician's own settings: language, theme, time zone, date format, start page and
 * which alert severities reach them by email.
 */
export function PreferencesPage() {
  const t = useT();
  const query = usePreferences();
  return (
    <Stack gap="md">
      <PageHeader title={t("shell.routes.preferences")} description={t("shell.preferences.description")} />
      <QueryView
        query={query}
        errorTitle={t("shell.preferences.loadError")}
        loadingLabel={t("shell.preferences.loading")}
      >
        {(saved) => <PreferencesForm key={JSON.stringify(saved)} saved={saved} />}
      </QueryView>
    </Stack>
  );
}
