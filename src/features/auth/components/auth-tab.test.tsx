import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import toast from "react-hot-toast";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AuthActionsContext, WrongCredentialsError, type AuthActions } from "@/lib/auth-actions";
import { AuthTab } from "./auth-tab";

vi.mock("react-hot-toast", () => ({ default: { error: vi.fn(), success: vi.fn() } }));

function renderWith(actions: Partial<AuthActions>, onDone = vi.fn()) {
  const value: AuthActions = {
    provider: "demo",
    signIn: vi.fn().mockResolvedValue(undefined),
    signOut: vi.fn().mockResolvedValue(undefined),
    ...actions,
  };
  render(
    <AuthActionsContext.Provider value={value}>
      <AuthTab onDone={onDone} />
    </AuthActionsContext.Provider>,
  );
  return { value, onDone };
}

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("Ім'я користувача"), "admin");
  await user.type(screen.getByLabelText("E-mail"), "admin@demo.cs2-panel.local");
  await user.type(screen.getByLabelText("Пароль"), "demo");
  await user.click(screen.getByRole("button", { name: "Увійти" }));
}

describe("AuthTab", () => {
  afterEach(() => vi.clearAllMocks());

  it("has required username, e-mail and password fields", () => {
    renderWith({});
    expect(screen.getByLabelText("Ім'я користувача")).toBeRequired();
    expect(screen.getByLabelText("E-mail")).toHaveAttribute("type", "email");
    expect(screen.getByLabelText("E-mail")).toBeRequired();
    expect(screen.getByLabelText("Пароль")).toHaveAttribute("type", "password");
    expect(screen.getByLabelText("Пароль")).toBeRequired();
  });

  it("checks the fields itself, in Ukrainian, and sends nothing until they are right", async () => {
    const user = userEvent.setup();
    const { value } = renderWith({});
    await user.click(screen.getByRole("button", { name: "Увійти" }));
    expect(screen.getByText("Введіть ім'я користувача.")).toBeInTheDocument();
    expect(screen.getByText("Введіть e-mail.")).toBeInTheDocument();
    expect(screen.getByText("Введіть пароль.")).toBeInTheDocument();
    await user.type(screen.getByLabelText("E-mail"), "not-an-email");
    await user.click(screen.getByRole("button", { name: "Увійти" }));
    expect(screen.getByText(/Некоректний e-mail/)).toBeInTheDocument();
    expect(value.signIn).not.toHaveBeenCalled();
  });

  it("signs in with the form and announces success", async () => {
    const user = userEvent.setup();
    const { value, onDone } = renderWith({});
    await fillForm(user);
    expect(value.signIn).toHaveBeenCalledWith({
      kind: "credentials",
      username: "admin",
      email: "admin@demo.cs2-panel.local",
      password: "demo",
    });
    expect(toast.success).toHaveBeenCalledWith("Авторизація успішна!");
    expect(onDone).toHaveBeenCalled();
  });

  it("shows the exact failure message", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { onDone } = renderWith({ signIn: vi.fn().mockRejectedValue(new Error("nope")) });
    await fillForm(user);
    expect(toast.error).toHaveBeenCalledWith("Невірний e-mail, пароль або ім'я користувача.");
    expect(onDone).not.toHaveBeenCalled();
  });

  it("wrong credentials are told once in a toast and logged as one line, no stack trace", async () => {
    const user = userEvent.setup();
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderWith({ signIn: vi.fn().mockRejectedValue(new WrongCredentialsError("wrong")) });
    await fillForm(user);
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith("Невірний e-mail, пароль або ім'я користувача.");
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    expect(info).toHaveBeenCalledWith("Sign-in refused: wrong credentials");
  });

  it("offers the two demo buttons with the demo provider, and continuing without authorization", async () => {
    const user = userEvent.setup();
    const { value, onDone } = renderWith({});
    await user.click(screen.getByRole("button", { name: "Увійти як адміністратор (демо)" }));
    expect(value.signIn).toHaveBeenCalledWith({ kind: "demo", role: "admin" });
    await user.click(screen.getByRole("button", { name: "Увійти як відвідувач (демо)" }));
    expect(value.signIn).toHaveBeenCalledWith({ kind: "demo", role: "visitor" });
    await user.click(screen.getByRole("button", { name: "Продовжити без авторизації" }));
    expect(onDone).toHaveBeenCalled();
    // The accounts hint names every demo role, the moderator too.
    expect(screen.getByText(/moderator \/ moderator@demo\.cs2-panel\.local/)).toBeInTheDocument();
  });

  it("with Clerk shows only the form", () => {
    renderWith({ provider: "clerk" });
    expect(
      screen.queryByRole("button", { name: "Увійти як адміністратор (демо)" }),
    ).not.toBeInTheDocument();
    expect(screen.getByLabelText("E-mail")).toBeInTheDocument();
  });
});
