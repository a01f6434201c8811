import type { Translation } from "@steward/contracts";
import type { en } from "./en";

export const de: Translation<typeof en> = {
  routes: {
    apps: "Apps",
  },
  landing: {
    description:
      "Integrationen mit Drittanbietern und wohin Alarme gesendet werden. Die meisten sind in dieser Version von Steward noch nicht verfügbar.",
    notAvailable: "Noch nicht verfügbar",
  },
  channels: {
    title: "Benachrichtigungskanäle",
    description:
      "Wohin Alarme und andere Ereignisse gesendet werden: E-Mail, signierte Webhooks, Slack und Microsoft Teams.",
    newChannel: "Neuer Kanal",
    loading: "Benachrichtigungskanäle werden geladen…",
    loadError: "Die Benachrichtigungskanäle konnten nicht geladen werden",
    emptyTitle: "Noch keine Benachrichtigungskanäle",
    emptyDescription:
      "Fügen Sie einen E-Mail-, Webhook-, Slack- oder Teams-Kanal hinzu, um über Alarme informiert zu werden.",
    target: "Sendet an",
    status: "Status",
    enabled: "Aktiviert",
    disabled: "Deaktiviert",
    types: {
      EMAIL: "E-Mail",
      WEBHOOK: "Webhook (allgemein)",
      SLACK: "Slack-Webhook",
      TEAMS: "Microsoft-Teams-Webhook",
    },
    outcomes: {
      DELIVERED: "Zugestellt",
      FAILED: "Fehlgeschlagen",
      REFUSED: "Abgelehnt",
      HELD: "Für Zusammenfassung zurückgehalten",
      DIGESTED: "In Zusammenfassung gesendet",
    },
    form: {
      newTitle: "Neuer Benachrichtigungskanal",
      editTitle: "{name} bearbeiten",
      recipients: "Empfänger",
      recipientsHelp: "E-Mail-Adressen; nach jeder Eingabetaste drücken.",
      url: "Webhook-URL",
      urlHelp: "http oder https. Wird verschlüsselt gespeichert; danach wird nur der Host angezeigt.",
      keepUrl: "Leer lassen, um die gespeicherte URL zu behalten ({hint}).",
      secret: "Signaturschlüssel",
      secretHelp: "Mindestens 16 Zeichen. Jede Anfrage trägt eine damit erstellte HMAC-SHA256-Signatur.",
      keepSecret: "Leer lassen, um den gespeicherten Schlüssel zu behalten.",
      throttleLimit: "Höchstens Benachrichtigungen",
      throttleWindow: "Je Zeitfenster (Minuten)",
      enabled: "Aktiviert",
      create: "Kanal anlegen",
      created: "Benachrichtigungskanal angelegt",
      saved: "Benachrichtigungskanal gespeichert",
    },
    delete: {
      title: "Benachrichtigungskanal löschen",
      message: "Den Kanal {name} und sein Zustellprotokoll löschen?",
      deleted: "{name} gelöscht",
      error: "Der Kanal konnte nicht gelöscht werden",
    },
    test: {
      send: "Test senden",
      sendNamed: "Test an {name} senden",
      delivered: "Testbenachrichtigung an {name} zugestellt",
      failed: "Die Testbenachrichtigung an {name} wurde nicht zugestellt",
    },
    log: {
      open: "Zustellprotokoll",
      openNamed: "Zustellprotokoll von {name}",
      title: "Zustellprotokoll: {name}",
      loading: "Zustellprotokoll wird geladen…",
      loadError: "Das Zustellprotokoll konnte nicht geladen werden",
      empty: "Noch nichts gesendet",
      time: "Zeit",
      event: "Ereignis",
      outcome: "Ergebnis",
      detail: "Details",
      attempts: "Versuche",
      httpStatus: "HTTP {status}",
    },
  },
  kinds: {
    patching: {
      name: "Patching",
      description: "Patch-Quellen für Software von Drittanbietern.",
      area: "Patching-Integrationen",
    },
    api: {
      name: "API",
      description: "API-Clients und -Schlüssel für Skripte und andere Werkzeuge.",
      area: "API-Integrationen",
    },
    ticketing: {
      name: "Ticketing",
      description: "Ticketing-Integrationen und E-Mail-zu-Ticket.",
      area: "Ticketing-Integrationen",
    },
    backup: {
      name: "Sicherung",
      description: "Sicherungsanbieter und Steward-Sicherung.",
      area: "Sicherungsintegrationen",
    },
    documentation: {
      name: "Dokumentation",
      description: "Plattformen für IT-Dokumentation.",
      area: "Dokumentationsintegrationen",
    },
    remoteSupport: {
      name: "Fernsupport",
      description: "Fernsupport-Sitzungen für Endbenutzer.",
      area: "Fernsupport-Integrationen",
    },
    mdm: {
      name: "Mobilgeräteverwaltung",
      description: "Registrierung von Android-, iOS- und iPadOS-Geräten.",
      area: "Integrationen für Mobilgeräteverwaltung",
    },
    remoteAccess: {
      name: "Fernzugriffsanbieter",
      description: "Werkzeuge zur Fernsteuerung.",
      area: "Integrationen für Fernzugriffsanbieter",
    },
    itsm: {
      name: "IT-Service-Management",
      description: "Plattformen für IT-Service-Management.",
      area: "ITSM-Integrationen",
    },
    psa: {
      name: "PSA",
      description: "Professional-Services-Automation: Zuordnung von Konten und Standorten, Abrechnung.",
      area: "PSA-Integrationen",
    },
    endpointSecurity: {
      name: "Anbieter für Endpunktsicherheit",
      description: "Virenschutz und EDR.",
      area: "Integrationen für Endpunktsicherheit",
    },
    notificationChannels: {
      name: "Benachrichtigungskanäle",
      description: "Wohin Warnungen gesendet werden.",
      area: "Integrationen für Benachrichtigungskanäle",
    },
    vulnerabilityManagement: {
      name: "Anbieter für Schwachstellenmanagement",
      description: "Schwachstellenscanner und ihre Befunde.",
      area: "Integrationen für Schwachstellenmanagement",
    },
    packageManager: {
      name: "Paketmanager",
      description: "Softwarepaketquellen für Installationen.",
      area: "Paketmanager-Integrationen",
    },
  },
};
