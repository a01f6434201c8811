import type { Translation } from "@steward/contracts";
import type { en } from "./en";

export const de: Translation<typeof en> = {
  routes: {
    credentials: "Anmeldedaten",
  },
  types: {
    WINDOWS_LOCAL_ADMIN: "Lokaler Windows-Administrator",
    WINDOWS_DOMAIN_ADMIN: "Windows-Domänenadministrator",
    MAC: "Mac",
    LINUX: "Linux",
    OTHER: "Sonstige",
  },
  page: {
    notFound: "Diese Organisation existiert nicht",
    pageTitle: "{name}: Anmeldedaten",
    title: "Anmeldedaten",
    description:
      "Konten, unter denen Skripte auf den Geräten von {name} laufen können. Passwörter werden verschlüsselt gespeichert und nie wieder angezeigt.",
    descriptionNoName:
      "Konten, unter denen Skripte auf den Geräten dieser Organisation laufen können. Passwörter werden verschlüsselt gespeichert und nie wieder angezeigt.",
    newCredential: "Neue Anmeldedaten",
    loading: "Anmeldedaten werden geladen…",
    loadError: "Fehler beim Laden der Anmeldedaten",
    emptyTitle: "Noch keine Anmeldedaten",
    emptyDescription:
      "Fügen Sie einen lokalen oder Domänenadministrator, ein Mac- oder ein Linux-Konto hinzu, um Skripte darunter auszuführen.",
    username: "Benutzername",
    preferred: "Bevorzugt",
  },
  delete: {
    title: "Anmeldedaten löschen",
    message:
      "„{name}“ löschen? Skripte und Aufgaben, die darunter laufen, schlagen fehl, bis Sie andere Anmeldedaten wählen.",
    deleted: "Anmeldedaten „{name}“ gelöscht",
    error: "Die Anmeldedaten konnten nicht gelöscht werden",
  },
  form: {
    editTitle: "{name} bearbeiten",
    newTitle: "Neue Anmeldedaten",
    saved: "Anmeldedaten gespeichert",
    created: "Anmeldedaten angelegt",
    username: "Benutzername",
    password: "Passwort",
    keepPassword: "Leer lassen, um das gespeicherte Passwort zu behalten",
    passwordStored: "Verschlüsselt gespeichert; nie wieder angezeigt",
    preferred: "Bevorzugte Anmeldedaten ihres Typs",
    preferredHelp: "Die Auswahl „Bevorzugt …“ unter „Ausführen als“ verwendet sie",
    create: "Anmeldedaten anlegen",
  },
};
