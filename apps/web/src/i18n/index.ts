export { I18nProvider } from "./provider";
export { useT, type Translate } from "./use-t";
export { translate, isMessageKey, missingMessages, type MessageValues } from "./intl";
export {
  getLocaleSettings,
  setLocaleSettings,
  subscribeLocaleSettings,
  initialLocale,
  type LocaleSettings,
} from "./store";
export { formatBytes, formatDate, formatDateTime, formatNumber, formatTime, SIZE_UNITS } from "./format";
export { localizeText, describeApiError } from "./localize";
export type { MessageKey } from "./catalogue";
