import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export interface DuoSettings {
  /** https://api-XXXXXXXX.duosecurity.com (any base URL speaking the same API). */
  apiBase: string;
  clientId: string;
  clientSecret: string;
}

export class DuoError extends Error {
  constructor(
    readonly reason: "unavailable" | "denied" | "invalid",
    message: string,
  ) {
    super(message);
  }
}

const b64url = (data: Buffer | string) => Buffer.from(data).toString("base64url");

/** A compact JWT signed with HMAC-SHA512 under the client secret (the only algorithm Duo uses). */
export function signHs512(claims: Record<string, unknown>, secret: string): string {
  const head = b64url(JSON.stringify({ alg: "HS512", typ: "JWT" }));
  const body = b64url(JSON.stringify(claims));
  const signature = createHmac("sha512", secret).update(`${head}.${body}`).digest("base64url");
  return `${head}.${body}.${signature}`;
}

/** The claims of an HS512 JWT whose signature matches the secret; throws otherwise. */
export function verifyHs512(token: string, secret: string): Record<string, unknown> {
  const parts = token.split(".");
  if (parts.length !== 3) throw new DuoError("invalid", "malformed token");
  const [head, body, signature] = parts as [string, string, string];
  const header = JSON.parse(Buffer.from(head, "base64url").toString()) as { alg?: string };
  if (header.alg !== "HS512") throw new DuoError("invalid", "unexpected token algorithm");
  const expected = createHmac("sha512", secret).update(`${head}.${body}`).digest();
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new DuoError("invalid", "token signature mismatch");
  return JSON.parse(Buffer.from(body, "base64url").toString()) as Record<string, unknown>;
}

/**
 * The Duo Universal Prompt client: health check, the authorization redirect (a signed request
 * object carrying state, nonce and the Duo user name), the code-for-token exchange with a signed
 * client assertion, and the ID token's verification (signature, issuer, audience, expiry, nonce,
 * user name and the allow result).
 */
export function createDuoClient(settings: DuoSettings, fetchImpl: typeof fetch = fetch) {
  const base = settings.apiBase.replace(/\/+$/, "");
  const nowSeconds = () => Math.floor(Date.now() / 1000);
  const assertion = (audience: string) =>
    signHs512(
      {
        iss: settings.clientId,
        sub: settings.clientId,
        aud: audience,
        jti: randomBytes(18).toString("base64url"),
        iat: nowSeconds(),
        exp: nowSeconds() + 300,
      },
      settings.clientSecret,
    );

  async function post(path: string, form: Record<string, string>): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form).toString(),
        signal: AbortSignal.timeout(10_000),
        redirect: "error",
      });
    } catch (error) {
      throw new DuoError("unavailable", `Duo unreachable: ${(error as Error).message}`);
    }
    const text = await response.text();
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // An answer that is not JSON is handled as a failure below.
    }
    if (!response.ok) throw new DuoError("invalid", `Duo answered ${response.status} on ${path}`);
    return json;
  }

  return {
    /** true when Duo answers its health check as OK; outage and wrong credentials alike give false. */
    async healthy(): Promise<boolean> {
      const path = "/oauth/v1/health_check";
      try {
        const answer = await post(path, {
          client_id: settings.clientId,
          client_assertion: assertion(`${base}${path}`),
        });
        return answer.stat === "OK";
      } catch {
        return false;
      }
    },

    authorizeUrl(input: { username: string; state: string; nonce: string; redirectUri: string }): string {
      const request = signHs512(
        {
          response_type: "code",
          scope: "openid",
          exp: nowSeconds() + 300,
          client_id: settings.clientId,
          redirect_uri: input.redirectUri,
          state: input.state,
          nonce: input.nonce,
          duo_uname: input.username,
          iss: settings.clientId,
          aud: base,
          use_duo_code_attribute: true,
        },
        settings.clientSecret,
      );
      const query = new URLSearchParams({
        response_type: "code",
        client_id: settings.clientId,
        request,
      });
      return `${base}/oauth/v1/authorize?${query.toString()}`;
    },

    /** Exchanges the code and returns the verified ID token's claims when Duo allowed the sign-in. */
    async exchange(input: { code: string; redirectUri: string; username: string; nonce: string }) {
      const path = "/oauth/v1/token";
      const answer = await post(path, {
        grant_type: "authorization_code",
        code: input.code,
        redirect_uri: input.redirectUri,
        client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
        client_assertion: assertion(`${base}${path}`),
      });
      if (typeof answer.id_token !== "string") throw new DuoError("invalid", "no ID token");
      const claims = verifyHs512(answer.id_token, settings.clientSecret);
      const now = nowSeconds();
      if (claims.iss !== `${base}${path}`) throw new DuoError("invalid", "wrong issuer");
      const aud = claims.aud;
      if (aud !== settings.clientId && !(Array.isArray(aud) && aud.includes(settings.clientId)))
        throw new DuoError("invalid", "wrong audience");
      if (typeof claims.exp !== "number" || claims.exp < now - 60) throw new DuoError("invalid", "expired");
      if (typeof claims.iat === "number" && claims.iat > now + 300)
        throw new DuoError("invalid", "issued in the future");
      if (claims.nonce !== input.nonce) throw new DuoError("invalid", "nonce mismatch");
      if (claims.preferred_username !== input.username) throw new DuoError("invalid", "user mismatch");
      const result = claims.auth_result as { result?: string; status?: string } | undefined;
      if (result?.result !== "allow") throw new DuoError("denied", "Duo denied the sign-in");
      return claims;
    },
  };
}

export type DuoClient = ReturnType<typeof createDuoClient>;
