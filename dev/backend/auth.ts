/**
 * Demo authentication: JWTs are decoded but NOT verified. This backend is for offline dev/E2E only;
 * the real deployment trusts Clerk's signed tokens, so a forged demo token grants nothing there.
 */
import type { UserIdentity } from "convex/server";

/** Standard OIDC claims and the camel-cased `UserIdentity` attribute Convex exposes them as. */
const ATTRIBUTE_BY_CLAIM: Record<string, string> = {
  name: "name",
  given_name: "givenName",
  family_name: "familyName",
  nickname: "nickname",
  preferred_username: "preferredUsername",
  profile: "profileUrl",
  picture: "pictureUrl",
  email: "email",
  email_verified: "emailVerified",
  gender: "gender",
  birthdate: "birthday",
  zoneinfo: "timezone",
  locale: "language",
  phone_number: "phoneNumber",
  phone_number_verified: "phoneNumberVerified",
  address: "address",
  updated_at: "updatedAt",
};

/** Registered claims Convex consumes itself rather than passing through to the identity. */
const RESERVED = new Set(["iss", "sub", "aud", "exp", "iat", "nbf", "jti"]);

export type Identity = Partial<UserIdentity> & {
  subject: string;
  issuer: string;
  tokenIdentifier: string;
};

/** Throws with a human-readable reason; the caller turns it into an `AuthError`. */
export function identityFromJwt(token: string, now = Date.now()): Identity {
  const parts = token.split(".");
  if (parts.length !== 3 || !parts[1]) {
    throw new Error("Could not parse JWT: expected three segments");
  }
  let claims: Record<string, unknown>;
  try {
    claims = JSON.parse(Buffer.from(parts[1], "base64url").toString("utf8")) as Record<
      string,
      unknown
    >;
  } catch {
    throw new Error("Could not parse JWT payload");
  }
  if (typeof claims !== "object" || claims === null) {
    throw new Error("JWT payload is not an object");
  }
  if (typeof claims.sub !== "string" || claims.sub === "") {
    throw new Error("JWT has no `sub` claim");
  }
  if (typeof claims.exp === "number" && claims.exp * 1000 < now) throw new Error("Token expired");
  const issuer = typeof claims.iss === "string" ? claims.iss : "https://convex.test";
  const identity: Record<string, unknown> = {};
  for (const [claim, value] of Object.entries(claims)) {
    if (RESERVED.has(claim) || value === undefined) continue;
    identity[ATTRIBUTE_BY_CLAIM[claim] ?? claim] = value;
  }
  return { ...identity, subject: claims.sub, issuer, tokenIdentifier: `${issuer}|${claims.sub}` };
}

/** Admin auth may impersonate a user; the client sends the identity attributes directly. */
export function identityFromAttributes(attrs: Record<string, unknown>): Identity {
  const subject = typeof attrs.subject === "string" ? attrs.subject : "admin";
  const issuer = typeof attrs.issuer === "string" ? attrs.issuer : "https://convex.test";
  return { ...attrs, subject, issuer, tokenIdentifier: `${issuer}|${subject}` };
}

/** Builds an unsigned token like the demo sign-in does; handy for tests and scripts. */
export function makeDemoJwt(claims: Record<string, unknown>, ttlSeconds = 3600): string {
  const iat = Math.floor(Date.now() / 1000);
  const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  return `${enc({ alg: "none", typ: "JWT" })}.${enc({ iat, exp: iat + ttlSeconds, ...claims })}.`;
}
