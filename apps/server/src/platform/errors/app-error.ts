import {
  createMessageMatcher,
  flattenCatalogue,
  sharedEn,
  type ErrorCode,
  type MessagePaths,
} from "@steward/contracts";
import { translatorFor } from "../i18n/translator.js";
import { type ErrorMessageIdOf, errorMessageIds } from "./error-messages.js";

/** An id of a shared text an error may carry: an error's own text, or a field message. */
export type ErrorMessageId = MessagePaths<Pick<typeof sharedEn, "errors" | "validation">>;
/** The values of a message's arguments; names and counts only, never a secret. */
export type ErrorMessageValues = Record<string, string | number>;

/**
 * A field message some rule already wrote in English (a schema's issue, a tag or value rule of the
 * domain): the error carries it as it is, with its catalogue id and values when the text has one.
 */
export interface FieldMessage {
  english: string;
}

/** An error's text: a catalogue id and its values (the English message is formatted from them). */
export interface ErrorText<Id extends ErrorMessageId = ErrorMessageId> {
  id: Id;
  values?: ErrorMessageValues;
}

const english = translatorFor("en");
const matchFieldMessage = createMessageMatcher(flattenCatalogue({ validation: sharedEn.validation }));

/**
 * An expected failure with a stable code; rendered by the one error handler. Its text comes from
 * the shared catalogue: the id must be one listed for the code, and the English message is that
 * text formatted with the values. The code's default text is used when none is given.
 */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  readonly messageId: ErrorMessageId | undefined;
  readonly messageValues: ErrorMessageValues | undefined;

  constructor(
    readonly code: C,
    readonly statusCode: number,
    text?: ErrorText<ErrorMessageIdOf<C>> | FieldMessage,
    readonly details?: unknown,
    readonly resultCode?: string,
  ) {
    const resolved = resolveText(code, text);
    super(resolved.message);
    this.name = "AppError";
    this.messageId = resolved.id;
    this.messageValues = resolved.values;
  }

  /** The same error with other values (a field renamed) or a result code added. */
  with(changes: { values?: ErrorMessageValues; resultCode?: string }): AppError {
    const text =
      this.messageId === undefined
        ? { english: this.message }
        : { id: this.messageId as ErrorMessageIdOf<ErrorCode>, values: changes.values ?? this.messageValues };
    return new AppError<ErrorCode>(
      this.code,
      this.statusCode,
      text,
      this.details,
      changes.resultCode ?? this.resultCode,
    );
  }
}

function resolveText(
  code: ErrorCode,
  text: ErrorText | FieldMessage | undefined,
): { message: string; id?: ErrorMessageId; values?: ErrorMessageValues } {
  if (text && "english" in text) {
    const match = matchFieldMessage(text.english);
    if (!match) return { message: text.english };
    const values = Object.keys(match.values).length > 0 ? match.values : undefined;
    return { message: text.english, id: match.id as ErrorMessageId, ...(values ? { values } : {}) };
  }
  const chosen = text ?? { id: errorMessageIds[code][0] as ErrorMessageId };
  const values = chosen.values && Object.keys(chosen.values).length > 0 ? chosen.values : undefined;
  return { message: english(chosen.id, values), id: chosen.id, ...(values ? { values } : {}) };
}

export const notFound = (): AppError => new AppError("E_NOT_FOUND", 404);
