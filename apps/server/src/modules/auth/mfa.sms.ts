/** Sends a text message; the gateway behind it is exchangeable. */
export interface SmsProvider {
  send(to: string, body: string): Promise<void>;
}

export interface TwilioSettings {
  /** Base URL of the Messages API (https://api.twilio.com unless a gateway speaking it is used). */
  apiBase: string;
  accountSid: string;
  authToken: string;
  /** The sender number or messaging service the texts come from. */
  from: string;
}

export class SmsSendError extends Error {}

/**
 * A provider speaking Twilio's Messages API: POST /2010-04-01/Accounts/{sid}/Messages.json,
 * basic authentication with the account SID and auth token, form-encoded To, From and Body.
 */
export function twilioSmsProvider(settings: TwilioSettings, fetchImpl: typeof fetch = fetch): SmsProvider {
  const base = settings.apiBase.replace(/\/+$/, "");
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const authorization =
    "Basic " + Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString("base64");
  return {
    async send(to, body) {
      const form = new URLSearchParams({ To: to, From: settings.from, Body: body });
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: "POST",
          headers: { authorization, "content-type": "application/x-www-form-urlencoded" },
          body: form.toString(),
          signal: AbortSignal.timeout(10_000),
          redirect: "error",
        });
      } catch (error) {
        throw new SmsSendError(`SMS gateway unreachable: ${(error as Error).message}`);
      }
      if (response.status !== 201 && response.status !== 200)
        throw new SmsSendError(`SMS gateway answered ${response.status}`);
      await response.body?.cancel();
    },
  };
}

/** A phone number in international form (E.164): "+" then 8 to 15 digits. */
export function normalizePhone(input: string): string | null {
  const compact = input.replace(/[\s().-]/g, "");
  const withPlus = compact.startsWith("00") ? "+" + compact.slice(2) : compact;
  return /^\+[1-9]\d{7,14}$/.test(withPlus) ? withPlus : null;
}

/** The number as shown back to its owner: only the last digits. */
export const maskPhone = (phone: string) => `•••${phone.slice(-3)}`;
