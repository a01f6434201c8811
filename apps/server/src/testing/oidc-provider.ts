// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the package ships no types, and the e2e project compiles this file without the server project
/// <reference path="./oidc-provider-package.d.ts" />
import http from "node:http";
import type { AddressInfo } from "node:net";
import { generateKeyPairSync, randomBytes } from "node:crypto";
import Provider from "oidc-provider";

/** A person the provider knows, with the claims it vouches for. */
export interface ProviderAccount {
  email: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  groups?: string[];
}

export interface LoopbackProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, ProviderAccount>;
  /**
   * Who signs in at the provider's next login step, and the methods it reports (amr): the
   * provider's own login page, answered by the test.
   */
  nextLogin: { accountId: string; amr: string[] };
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (the oidc-provider package) on loopback, with one confidential
 * client whose redirect URI is given. Its interaction step (login and consent) signs in
 * `nextLogin` at once, as a person completing the provider's pages would.
 */
export async function startLoopbackProvider(redirectUris: string[]): Promise<LoopbackProvider> {
  const accounts = new Map<string, ProviderAccount>();
  const clientId = "steward-console";
  const clientSecret = randomBytes(24).toString("base64url");
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: "jwk" }), kid: "loopback", use: "sig", alg: "RS256" };

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const state: LoopbackProvider = {
    issuer,
    clientId,
    clientSecret,
    accounts,
    nextLogin: { accountId: "", amr: ["pwd"] },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(16).toString("hex")] },
    scopes: ["openid", "email", "profile", "groups"],
    claims: {
      acr: null,
      amr: null,
      auth_time: null,
      sid: null,
      iss: null,
      openid: ["sub", "amr"],
      email: ["email", "email_verified"],
      profile: ["given_name", "family_name"],
      groups: ["groups"],
    },
    // Profile claims in the ID token itself, as many providers are set up to do.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, id: string) => {
      const account = accounts.get(id);
      return account ? { accountId: id, claims: () => ({ sub: id, ...account }) } : undefined;
    },
  });
  const handle = provider.callback();

  server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (!req.url?.startsWith("/interaction/")) return handle(req, res);
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      const { accountId, amr } = state.nextLogin;
      const grant = new provider.Grant({ accountId, clientId: details.params.client_id ?? clientId });
      grant.addOIDCScope(details.params.scope ?? "openid");
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId, amr }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  return state;
}

/**
 * A browser's walk through the provider: follows its redirects (keeping its cookies) from the
 * authorization URL until it points back at the console, and returns that callback URL.
 */
export async function walkProvider(authorizationUrl: string, consoleOrigin: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith(consoleOrigin)) return new URL(url);
    const res = await fetch(url, {
      redirect: "manual",
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = res.headers.get("location");
    if (!location) throw new Error(`the provider stopped at ${url}: ${res.status} ${await res.text()}`);
    url = new URL(location, url).href;
  }
  throw new Error("the provider redirected too often");
}
