import type uk from "../uk/auth";
import type { Translation } from "../types";

/** English texts: auth.*. */
export default {
  "auth.title": "Administrator sign-in",
  "auth.intro": "Sign in to manage the servers. You can view the panel without signing in.",
  "auth.username": "Username",
  "auth.email": "E-mail",
  "auth.password": "Password",
  "auth.submit": "Sign in",
  "auth.submitting": "Signing in…",
  "auth.continueAnon": "Continue without signing in",
  "auth.success": "Signed in successfully!",
  "auth.failed": "Wrong e-mail, password or username.",
  "auth.signOutFailed": "Could not sign out.",
  "auth.signedOut": "You have signed out.",
  "auth.signedInAs": "You are signed in as {name}.",
  "auth.demoTitle": "Demo mode",
  "auth.demoIntro":
    "This is a demo deployment: sign in with one click or through the form with a demo account.",
  "auth.demoAdmin": "Sign in as administrator (demo)",
  "auth.demoVisitor": "Sign in as visitor (demo)",
  "auth.demoAccounts":
    "Demo accounts: admin / admin@demo.cs2-panel.local, moderator / moderator@demo.cs2-panel.local or visitor / visitor@demo.cs2-panel.local, password: demo.",
  "auth.disabledTitle": "Sign-in is not set up",
  "auth.disabledText":
    "Sign-in is off on this deployment, so the panel is view-only. To turn sign-in on, set the VITE_CLERK_PUBLISHABLE_KEY environment variable (the Clerk application key) and rebuild the web app.",
  "auth.usernameRequired": "Enter a username.",
  "auth.emailRequired": "Enter an e-mail.",
  "auth.emailInvalid": "Invalid e-mail: it should look like name@example.com.",
  "auth.passwordRequired": "Enter a password.",
} as const satisfies Translation<typeof uk>;
