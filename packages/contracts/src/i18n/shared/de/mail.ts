import type { Translation } from "../../catalogue.js";
import type { mailEn } from "../en/mail.js";

export const mailDe: Translation<typeof mailEn> = {};
