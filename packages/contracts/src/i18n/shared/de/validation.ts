import type { Translation } from "../../catalogue.js";
import type { validationEn } from "../en/validation.js";

export const validationDe: Translation<typeof validationEn> = {
  mandatory: "Pflichtwert fehlt. Bitte geben Sie einen Wert ein.",
  unstorableText: "Der Text enthält Zeichen, die nicht gespeichert werden können",
  tag: {
    spaces: "Tags dürfen keine Leerzeichen enthalten",
    quotes: "Tags dürfen keine Anführungszeichen enthalten",
    commas: "Tags dürfen keine Kommas enthalten",
    tooLong: "Überschreitet die maximale Länge von 25 Zeichen",
  },
  customField: {
    integer: "Die Eingabe muss eine ganze Zahl sein",
    decimal: "Die Eingabe muss eine Dezimalzahl sein",
    ipAddress: "Der Wert muss eine gültige IP-Adresse sein",
  },
  numeric: {
    invalid: "Ungültig",
    scientific: "Darf nicht in wissenschaftlicher Schreibweise angegeben werden",
    decimals: "Höchstens {n} Nachkommastellen erlaubt",
    oneInteger: "Muss eine ganze Zahl enthalten",
    greaterThan: "Der Wert muss größer als {min} sein",
    greaterOrEqual: "Der Wert muss größer oder gleich {min} sein",
    lessThan: "Der Wert muss kleiner als {max} sein",
    lessOrEqual: "Der Wert muss kleiner oder gleich {max} sein",
  },
  unknownTimeZone: "Unbekannte Zeitzone",
  cidr: "Geben Sie ein Netz in CIDR-Form ein, etwa 203.0.113.0/24",
  ssoIssuer:
    "Geben Sie die Aussteller-URL des Identitätsanbieters mit https:// ein (http:// nur auf diesem Computer)",
  ssoSecretRequired:
    "Geben Sie das Client-Geheimnis ein, das der Identitätsanbieter für Steward ausgestellt hat",
  startPage: "Wählen Sie eine Seite der Konsole",
  email: "Geben Sie eine gültige E-Mail-Adresse ein",
  password: {
    tooShort: "Das Passwort muss mindestens {min} Zeichen lang sein",
    tooLong: "Das Passwort darf höchstens {max} Zeichen lang sein",
  },
  mfaCode: "Geben Sie den 6-stelligen Code ein",
  chooseRole: "Wählen Sie mindestens eine Rolle",
  choosePermission: "Wählen Sie mindestens eine Berechtigung",
  chooseOrganization: "Wählen Sie mindestens eine Organisation",
  chooseTarget: "Wählen Sie mindestens ein Gerät, eine Gruppe oder eine Organisation",
  choices: {
    required: "Geben Sie mindestens eine Auswahlmöglichkeit an",
    unique: "Die Auswahlmöglichkeiten müssen eindeutig sein",
  },
  json: {
    notFinite: "Zahlen müssen endlich sein",
    nestedTooDeeply: "Zu tief verschachtelt (höchstens {max} Ebenen)",
    notJson: "Kein JSON-Wert",
    tooLarge: "Zu groß (höchstens {max} Bytes JSON)",
  },
  publicKey: {
    ed25519: "Kein öffentlicher Ed25519-Schlüssel (Base64 von genau 32 Bytes)",
    x25519: "Kein öffentlicher X25519-Schlüssel (Base64 von genau 32 Bytes)",
  },
  customFieldDefinition: {
    name: "Beginnen Sie mit einem Buchstaben; verwenden Sie Buchstaben, Ziffern und _ (höchstens 64)",
    globalHasNoRole: "Ein globales Feld hat keine Rolle",
    filter: "Verwenden Sie cf={format}",
  },
  scripts: {
    templateId: "Keine gültige Vorlagen-ID",
    parameterName:
      "Beginnen Sie mit einem Buchstaben oder _; verwenden Sie Buchstaben, Ziffern und _ (höchstens 64)",
    parameterNameTaken:
      "Ein anderer Parameter heißt bereits „{name}“ (Groß- und Kleinschreibung wird nicht unterschieden)",
    choicesOnlyForChoice: "Nur Auswahlparameter haben Auswahlmöglichkeiten",
    choiceStripped: "Auswahlmöglichkeiten dürfen {characters} nicht enthalten",
    presetNameTaken: "Eine andere Voreinstellung heißt bereits „{name}“",
    unknownParameter: "Das Skript hat keinen Parameter „{name}“",
    boolean: "Geben Sie true oder false ein",
    choice: "Wählen Sie eines von: {choices}",
    unknownPreset: "Das Skript hat keine Voreinstellung „{name}“",
  },
  jobs: {
    parameterName: "Parameternamen bestehen aus Buchstaben, Ziffern und _",
    scriptSource:
      "Geben Sie eines davon an: eine scriptId (Bibliotheksskript), eine templateId (Vorlagenskript) oder ein script (direkt eingegeben)",
  },
  runAs: {
    noPreferred:
      "„{runAs}“ braucht bevorzugte Anmeldedaten vom Typ {credentialType} in der Organisation des Geräts, und es sind keine gespeichert",
    notAChoiceFor:
      "„{runAs}“ ist keine „Ausführen als“-Auswahl für {os}-Geräte; wählen Sie {choices} oder gespeicherte Anmeldedaten",
    notAChoice:
      "„{runAs}“ ist keine „Ausführen als“-Auswahl für dieses Gerät; wählen Sie {choices} oder gespeicherte Anmeldedaten",
    notStored: "{value} sind keine gespeicherten Anmeldedaten der Organisation des Geräts",
    wrongOs: "Die Anmeldedaten „{name}“ ({credentialType}) können auf {os}-Geräten nicht verwendet werden",
  },
  scheduledTasks: {
    scriptOrInline: "Geben Sie ein direkt eingegebenes Skript oder eine scriptId an (eines von beiden)",
    presetsNeedScript: "Voreinstellungen gehören zu Bibliotheksskripten; geben Sie eine scriptId an",
    scheduleJson: "schedule muss JSON sein",
  },
  audit: {
    periodOrder: "Der Beginn des Zeitraums liegt nach seinem Ende",
  },
  activities: {
    type: "Kein gültiger Aktivitätstyp",
    scopeId: "Geben Sie die ID für {scope} an",
    endBeforeStart: "Das Ende liegt vor dem Beginn",
  },
  policies: {
    unknownSection: 'Es gibt keinen Richtlinienabschnitt "{section}"',
    unknownItem: 'Der Abschnitt "{section}" hat kein Element "{item}"',
    sectionObject: "Die Elemente eines Abschnitts sind ein Objekt",
    roleOnce: "Jede Rolle wird nur einmal zugewiesen",
    classOnce: "Jede Geräteklasse wird nur einmal überschrieben",
    tooManyDevices: "Wählen Sie höchstens {max} Geräte",
  },
  dynamicPolicies: {
    idsOnce: "Jede dynamische Richtlinie wird nur einmal aufgeführt",
  },
  maintenance: {
    endNotAfterStart: "Das Ende muss nach dem Beginn liegen",
    chooseSuppression: "Wählen Sie mindestens etwas, das unterdrückt wird",
    chooseTarget: "Wählen Sie mindestens ein Gerät, eine Gruppe, einen Standort oder eine Organisation",
    repeats:
      "Ein Wartungsfenster wiederholt sich täglich, wöchentlich, monatlich oder alle N Stunden oder Minuten",
    endAfter: "Ein Wartungsfenster endet nie oder an einem Datum",
  },
  live: {
    topics: "Geben Sie 1 bis 32 Themen an, jeweils alerts, alerts:org:ID, device:ID oder job:UID",
  },
};
