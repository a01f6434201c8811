/** Field messages of the contracts and the domain (the server sends them in English; the console finds the id and shows it translated). */
export const validationEn = {
  mandatory: "Mandatory value is undefined. Please enter a value.",
  unstorableText: "Text contains characters that cannot be stored",
  tag: {
    spaces: "Tag cannot contain spaces",
    quotes: "Tag cannot contain quotes",
    commas: "Tag cannot contain commas",
    tooLong: "Exceeds max character limit of 25",
  },
  customField: {
    integer: "Input must be of integer value",
    decimal: "Input must be of decimal value",
    ipAddress: "Value must be a valid IP Address",
  },
  numeric: {
    invalid: "Invalid",
    scientific: "Must not be in scientific notation",
    decimals: "Can contain up to {n} decimal places",
    oneInteger: "Must contain one integer",
    greaterThan: "Value must be greater than {min}",
    greaterOrEqual: "Value must be greater than or equal to {min}",
    lessThan: "Value must be less than {max}",
    lessOrEqual: "Value must be less than or equal to {max}",
  },
  unknownTimeZone: "Unknown time zone",
  startPage: "Choose a page of the console",
} as const;
