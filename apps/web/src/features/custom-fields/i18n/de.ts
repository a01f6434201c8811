import type { Translation } from "@steward/contracts";
import type { en } from "./en";

export const de: Translation<typeof en> = {
  routes: {
    role: "Benutzerdefinierte Rollenfelder",
    global: "Globale benutzerdefinierte Felder",
    customer: "Benutzerdefinierte Felder",
  },
  types: {
    TEXT: "Text",
    MULTI_LINE: "Mehrzeilig",
    INTEGER: "Ganzzahl",
    DECIMAL: "Dezimalzahl",
    CHECKBOX: "Kontrollkästchen",
    DATE: "Datum",
    DATE_TIME: "Datum und Uhrzeit",
    DROPDOWN: "Auswahlliste",
    MULTI_SELECT: "Mehrfachauswahl",
    IP_ADDRESS: "IP-Adresse",
  },
  behaviours: {
    HIDDEN: "Ausgeblendet",
    OPTIONAL: "Optional",
    REQUIRED: "Erforderlich",
    READ_ONLY: "Schreibgeschützt",
    REQUIRED_TO_CREATE: "Zum Erstellen erforderlich",
    REQUIRED_TO_RESOLVE: "Zum Lösen erforderlich",
  },
  global: {
    description:
      "Felder, die jedes Gerät hat. Legen Sie Werte für eine Organisation, einen Standort oder ein Gerät fest; ein Gerät verwendet den nächstgelegenen.",
    emptyTitle: "Noch keine globalen benutzerdefinierten Felder",
    emptyDescription:
      "Fügen Sie ein Feld hinzu, etwa eine Inventarnummer oder ein Garantiedatum; es erscheint auf jedem Gerät.",
  },
  role: {
    description: "Felder, die nur Geräte einer Rolle haben (zum Beispiel ein Sicherungsfenster auf Servern).",
    loading: "Benutzerdefinierte Rollenfelder werden geladen…",
    rolesLoadError: "Die Geräterollen konnten nicht geladen werden",
    noRolesTitle: "Keine Geräterollen",
    noRolesDescription: "Erstellen Sie zuerst eine Geräterolle; ihre Felder werden hier festgelegt.",
    roleLabel: "Geräterolle",
    roleOption: "{name} ({os})",
    emptyTitle: "Keine benutzerdefinierten Felder für {role}",
    emptyDescription: "Hier hinzugefügte Felder erscheinen nur auf Geräten mit dieser Rolle.",
  },
  customer: {
    pageTitle: "{name}: benutzerdefinierte Felder",
    notFound: "Diese Organisation existiert nicht",
    description:
      "Hier festgelegte Werte gelten für jedes Gerät der Organisation (oder des Standorts), sofern ein Gerät keine eigenen festlegt.",
    levelLabel: "Werte festlegen für",
    wholeOrganization: "Die gesamte Organisation",
    locationOption: "Standort: {name}",
    locationHint: "Standortwerte ersetzen die der Organisation für Geräte an {location}.",
  },
  definitions: {
    loadError: "Die benutzerdefinierten Felder konnten nicht geladen werden",
    loading: "Benutzerdefinierte Felder werden geladen…",
    newField: "Neues benutzerdefiniertes Feld",
    label: "Bezeichnung",
    behaviour: "Verhalten",
    deleteTitle: "Benutzerdefiniertes Feld löschen",
    deleteMessage:
      "„{label}“ und alle dafür festgelegten Werte löschen? Dies kann nicht rückgängig gemacht werden.",
    deleted: "Benutzerdefiniertes Feld „{label}“ gelöscht",
    deleteError: "Das Feld konnte nicht gelöscht werden",
  },
  form: {
    newTitle: "Neues benutzerdefiniertes Feld",
    editTitle: "{label} bearbeiten",
    label: "Bezeichnung",
    nameHelp: "Skripte und die API verwenden diesen Namen",
    behaviour: "Verhalten",
    choices: "Auswahlwerte",
    choicesHelp: "Drücken Sie nach jedem Wert die Eingabetaste",
    minimum: "Minimum",
    maximum: "Maximum",
    decimals: "Dezimalstellen",
    create: "Feld erstellen",
    created: "Benutzerdefiniertes Feld erstellt",
    saved: "Benutzerdefiniertes Feld gespeichert",
  },
  values: {
    saved: "Benutzerdefinierte Felder gespeichert",
    emptyTitle: "Keine benutzerdefinierten Felder",
    emptyDescription:
      "Benutzerdefinierte Felder werden unter Administration → Geräte festgelegt: globale Felder für jedes Gerät, Rollenfelder für Geräte einer Rolle.",
    inherited:
      "Geerbt von {source, select, DEVICE {dem Gerät} LOCATION {dem Standort} other {der Organisation}}: {value}",
    globalGroup: "Globale Felder",
    roleGroup: "Rolle: {role}",
    discard: "Änderungen verwerfen",
    unsaved: "{count, plural, one {# ungespeicherte Änderung} other {# ungespeicherte Änderungen}}",
    readOnly: "Schreibgeschützt",
  },
};
