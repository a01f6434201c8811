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
  startPage: "Wählen Sie eine Seite der Konsole",
};
