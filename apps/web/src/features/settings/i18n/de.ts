import type { Translation } from "@steward/contracts";
import type { en } from "./en";

export const de: Translation<typeof en> = {
  routes: {
    general: "Allgemeine Einstellungen",
    branding: "Branding",
    websiteBranding: "Website-Branding",
    systray: "Taskleiste",
    systrayArea: "Taskleisten-Branding",
  },
  general: {
    description: "Unternehmensweite Vorgaben für die gesamte Konsole.",
    loadError: "Die Einstellungen konnten nicht geladen werden",
    loading: "Einstellungen werden geladen…",
    companyName: "Firmenname",
    companyNameHelp: "Ihr MSP oder Ihre IT-Abteilung, angezeigt in der Konsole und in Einladungs-E-Mails.",
    timeZone: "Standardzeitzone",
    timeZoneHelp: "Gilt für Zeitpläne und Berichte, sofern ein Benutzer keine andere wählt.",
    useZone: "{zone} verwenden",
    noZone: "Keine Zeitzone gefunden",
    saved: "Einstellungen gespeichert",
  },
};
