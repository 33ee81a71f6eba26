/**
 * Offline demo sign-in: an UNSIGNED JWT (`alg: none`) that only the in-memory dev backend accepts.
 * A real deployment trusts Clerk's signed tokens alone, so these grant nothing there. The demo
 * admin is an admin only because the demo backend lists its e-mail in ADMIN_EMAILS.
 */
import type { DemoRole } from "@/lib/auth-actions";

export const DEMO_ISSUER = "https://demo.cs2-panel.local";
export const DEMO_STORAGE_KEY = "demoAuth";
export const DEMO_PASSWORD = "demo";
const TOKEN_TTL_SECONDS = 60 * 60;
/** Re-mint a token this long before it expires. */
const REFRESH_MARGIN_SECONDS = 60;

export interface DemoAccount {
  sub: string;
  name: string;
  nickname: string;
  email: string;
}

export const DEMO_ACCOUNTS: Record<DemoRole, DemoAccount> = {
  admin: {
    sub: "demo-admin",
    name: "Demo Admin",
    nickname: "admin",
    email: "admin@demo.cs2-panel.local",
  },
  moderator: {
    sub: "demo-moderator",
    name: "Demo Moderator",
    nickname: "moderator",
    email: "moderator@demo.cs2-panel.local",
  },
  visitor: {
    sub: "demo-visitor",
    name: "Demo Visitor",
    nickname: "visitor",
    email: "visitor@demo.cs2-panel.local",
  },
};

function base64url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function decodeJwtPayload(token: string): Record<string, unknown> {
  const payload = token.split(".")[1] ?? "";
  const padded = payload.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(padded + "=".repeat((4 - (padded.length % 4)) % 4));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
}

/** `header.payload.` with an empty signature. */
export function mintDemoToken(role: DemoRole, nowMs = Date.now()): string {
  const account = DEMO_ACCOUNTS[role];
  const iat = Math.floor(nowMs / 1000);
  const header = { alg: "none", typ: "JWT" };
  const payload = {
    iss: DEMO_ISSUER,
    sub: account.sub,
    name: account.name,
    nickname: account.nickname,
    email: account.email,
    email_verified: true,
    iat,
    exp: iat + TOKEN_TTL_SECONDS,
  };
  return `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}.`;
}

/** The demo account matching the sign-in form, or null (wrong e-mail, password or username). */
export function matchDemoAccount(
  username: string,
  email: string,
  password: string,
): DemoRole | null {
  if (password !== DEMO_PASSWORD) return null;
  for (const role of Object.keys(DEMO_ACCOUNTS) as DemoRole[]) {
    const account = DEMO_ACCOUNTS[role];
    if (
      account.email.toLowerCase() === email.trim().toLowerCase() &&
      account.nickname.toLowerCase() === username.trim().toLowerCase()
    ) {
      return role;
    }
  }
  return null;
}

interface Stored {
  role: DemoRole;
  token: string;
}

const listeners = new Set<() => void>();

function read(): Stored | null {
  try {
    const raw = window.localStorage.getItem(DEMO_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Stored>;
    if (
      (parsed.role === "admin" || parsed.role === "moderator" || parsed.role === "visitor") &&
      typeof parsed.token === "string"
    ) {
      return { role: parsed.role, token: parsed.token };
    }
  } catch {
    // Corrupt or unavailable storage counts as signed out.
  }
  return null;
}

function write(value: Stored | null): void {
  try {
    if (value) window.localStorage.setItem(DEMO_STORAGE_KEY, JSON.stringify(value));
    else window.localStorage.removeItem(DEMO_STORAGE_KEY);
  } catch {
    // The session then lasts for this page only.
  }
  listeners.forEach((l) => l());
}

export const demoAuthStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    const onStorage = (e: StorageEvent) => {
      if (e.key === DEMO_STORAGE_KEY) listener();
    };
    window.addEventListener("storage", onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener("storage", onStorage);
    };
  },
  /** The signed-in demo role (a primitive, so it is a stable snapshot). */
  role(): DemoRole | null {
    return read()?.role ?? null;
  },
  signIn(role: DemoRole): void {
    write({ role, token: mintDemoToken(role) });
  },
  signOut(): void {
    write(null);
  },
  /** The stored token, re-minted when forced or close to expiry; null when signed out. */
  token(forceRefresh: boolean, nowMs = Date.now()): string | null {
    const stored = read();
    if (!stored) return null;
    let exp = 0;
    try {
      const claims = decodeJwtPayload(stored.token);
      exp = typeof claims.exp === "number" ? claims.exp : 0;
    } catch {
      exp = 0;
    }
    if (!forceRefresh && exp - REFRESH_MARGIN_SECONDS > nowMs / 1000) return stored.token;
    const token = mintDemoToken(stored.role, nowMs);
    try {
      window.localStorage.setItem(DEMO_STORAGE_KEY, JSON.stringify({ role: stored.role, token }));
    } catch {
      // Keep working with the fresh token even if it cannot be saved.
    }
    return token;
  },
};
