import type { Translation } from "@steward/contracts";
import type { en } from "./en";

export const de: Translation<typeof en> = {
  routes: {
    apps: "Apps",
  },
  landing: {
    description: "Integrationen mit Drittanbietern. In dieser Version von Steward ist noch keine verfügbar.",
    notAvailable: "Noch nicht verfügbar",
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
