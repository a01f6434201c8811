/**
 * Texts the server and the console share, in English (the source). `errors` holds one text per
 * error code, `validation` the field messages of the contracts and the domain, `mail` the emails.
 * Texts are ICU messages: `{name}` for a value, `{count, plural, one {…} other {…}}` for plurals.
 */
export const sharedEn = {
  errors: {},
  validation: {
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
  },
  mail: {},
} as const;
