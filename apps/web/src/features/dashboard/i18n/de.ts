import type { Translation } from "@steward/contracts";
import type { en } from "./en";

export const de: Translation<typeof en> = {
  routes: {
    section: "Dashboard",
    getStarted: "Erste Schritte",
    overview: "Systemübersicht",
    dashboard: "Dashboard",
    overviewTab: "Übersicht",
    maintenance: "Wartung",
    maintenanceArea: "Wartungsfenster",
    alerts: "Warnungen",
    threats: "Bedrohungen",
    threatsArea: "Bedrohungen (Endpunktschutz)",
    approvals: "Genehmigungen",
    approvalsArea: "Gerätegenehmigungen",
    software: "Software",
    softwareArea: "Software-Inventar und Patches",
    osPatches: "OS-Patches",
    osPatchesArea: "Betriebssystem-Patches",
    remoteControl: "Fernsteuerungsaktivitäten",
    remoteTools: "Aktivitäten der Remote-Tools",
    knowledgeBase: "Wissensdatenbank",
  },
  getStarted: {
    description: "Wenige Schritte, um Steward für Ihr Team und Ihre Kunden einzurichten.",
    loadError: "Ihr Einrichtungsfortschritt konnte nicht geladen werden",
    progress: "{done} von {total} Schritten erledigt",
    progressLabel: "Einrichtungsfortschritt",
    done: "Erledigt",
    toDo: "Offen",
    organizationTitle: "Organisation anlegen",
    organizationDescription:
      "Organisationen sind die Kunden, die Sie betreuen; jede beginnt mit dem Standort „Main Office“.",
    organizationAction: "Zu den Organisationen",
    technicianTitle: "Techniker einladen",
    technicianDescription:
      "Geben Sie Ihren Kollegen eine eigene Anmeldung; jedes Konto nutzt Zwei-Faktor-Authentifizierung.",
    technicianAction: "Zu den Technikern",
    deviceTitle: "Erstes Gerät hinzufügen",
    deviceDescription:
      "Installieren Sie den Steward-Agent auf einem Computer, damit er an die Konsole meldet.",
    deviceAction: "Zu den Downloads",
    backupTitle: "Sicherung",
    backupDescription:
      "Cloud- und lokale Sicherung für die Geräte, die Sie betreuen. Sehen Sie sie in einer geführten Demo.",
  },
  overview: {
    loadError: "Die Systemübersicht konnte nicht geladen werden",
    description: "Alles, was Sie betreuen, auf einen Blick.",
    organizations: "Organisationen",
    locations: "Standorte",
    technicians: "Techniker",
    devices: "Geräte",
    noOrganizations: "Noch keine Organisationen",
    noOrganizationsDescription:
      "Organisationen sind die Kunden, die Sie betreuen. Legen Sie eine an, um Standorte und Geräte hinzuzufügen.",
    createOrganization: "Organisation anlegen",
    noDevices: "Noch keine Geräte",
    noDevicesDescription: "Geräte erscheinen hier, sobald der Steward-Agent auf ihnen installiert ist.",
    goToDownloads: "Zu den Downloads",
    devicesByOrganization: "Geräte nach Organisation",
  },
};
