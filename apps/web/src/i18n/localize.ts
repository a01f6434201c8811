import { createMessageMatcher } from "@steward/contracts";
import { messagesByLocale } from "./catalogue";
import { isMessageKey, translate, type MessageValues } from "./intl";

let matcher: ReturnType<typeof createMessageMatcher> | undefined;

function matchEnglish(text: string) {
  if (!matcher) {
    const shared = Object.fromEntries(
      Object.entries(messagesByLocale.en).filter(([id]) => /^(validation|errors|activity)\./.test(id)),
    );
    matcher = createMessageMatcher(shared);
  }
  return matcher(text);
}

/**
 * A text the server or a shared schema wrote in English (a field message, an error message, an
 * activity's message),
 * in the reader's language when the catalogue knows it; otherwise the text as it came.
 */
export function localizeText(english: string): string {
  const match = matchEnglish(english);
  return match && isMessageKey(match.id) ? translate(match.id, match.values) : english;
}

/** What an error answer of the server says, in the reader's language: by its message id when it has one. */
export function describeApiError(error: {
  message: string;
  messageId?: string | undefined;
  messageValues?: MessageValues | undefined;
}): string {
  if (error.messageId && isMessageKey(error.messageId)) {
    // A value may itself be an English text of the catalogue (a field's issue inside "{field}: {issue}").
    const values = Object.fromEntries(
      Object.entries(error.messageValues ?? {}).map(([name, value]) => [
        name,
        typeof value === "string" ? localizeText(value) : value,
      ]),
    );
    return translate(error.messageId, values);
  }
  return localizeText(error.message);
}
