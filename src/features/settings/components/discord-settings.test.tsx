import "@/test/mock-backend-modules";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import toast from "react-hot-toast";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockBackend, TEST_SESSION_ID } from "@/test/mock-convex";
import DiscordSettings from "./discord-settings";
import { formatDateTime } from "@/i18n/format";
import "@/i18n/load/admin";

const AT = new Date("2026-11-23T20:00:00Z").getTime();
const KINDS = ["moderation", "match", "tournament", "serverState", "push"] as const;

function statuses(overrides: Record<string, object> = {}) {
  return KINDS.map((kind) => ({
    kind,
    configured: false,
    lastAt: null,
    lastState: null,
    lastHttpStatus: null,
    lastError: null,
    ...overrides[kind],
  }));
}

function item(kind: string) {
  return within(document.querySelector(`[data-kind="${kind}"]`) as HTMLElement);
}

describe("DiscordSettings", () => {
  beforeEach(() => mockBackend.reset());
  afterEach(() => vi.clearAllMocks());

  it("shows each kind's state and last delivery, never a URL", () => {
    mockBackend.queries["notifications:webhooks"] = statuses({
      moderation: { configured: true, lastAt: AT, lastState: "ok", lastHttpStatus: 204 },
      match: {
        configured: true,
        lastAt: AT,
        lastState: "failed",
        lastHttpStatus: 404,
        lastError: "admin.discord.error.notFound",
      },
      tournament: {
        configured: true,
        lastAt: AT,
        lastState: "retrying",
        lastHttpStatus: 503,
        lastError: "admin.discord.error.status",
      },
      // Stored before the backend kept keys: shown as written.
      serverState: {
        configured: true,
        lastAt: AT,
        lastState: "retrying",
        lastError: "Мережева помилка",
      },
    });
    render(<DiscordSettings />);
    expect(screen.getByRole("heading", { name: "Сповіщення в Discord" })).toBeInTheDocument();
    const moderation = item("moderation");
    expect(moderation.getByText("доставлено")).toBeInTheDocument();
    expect(moderation.getByText("HTTP 204")).toBeInTheDocument();
    // The query reads the page with its no-break spaces collapsed.
    const at = formatDateTime(AT, { seconds: true }).replace(/\u00a0/g, " ");
    expect(moderation.getByText(at)).toBeInTheDocument();
    expect(item("match").getByText("не доставлено")).toBeInTheDocument();
    expect(item("match").getByText("Вебхук не знайдено або видалено")).toBeInTheDocument();
    expect(item("tournament").getByText("Discord відповів 503")).toBeInTheDocument();
    expect(item("serverState").getByText("Мережева помилка")).toBeInTheDocument();
    expect(item("push").getByText("Не налаштовано")).toBeInTheDocument();
    expect(item("push").getByRole("button", { name: "Надіслати тест" })).toBeDisabled();
    expect(item("push").queryByRole("button", { name: "Видалити" })).toBeNull();
  });

  it("saves a URL, then clears the field; a refused one shows the backend's message", async () => {
    const user = userEvent.setup();
    mockBackend.queries["notifications:webhooks"] = statuses();
    mockBackend.action("notifications:setWebhook").mockResolvedValueOnce(null);
    render(<DiscordSettings />);
    const box = item("match").getByRole("textbox");
    await user.click(item("match").getByRole("button", { name: "Зберегти" }));
    expect(item("match").getByText("Введіть адресу вебхука.")).toBeInTheDocument();
    expect(mockBackend.action("notifications:setWebhook")).not.toHaveBeenCalled();

    const url = "https://discord.com/api/webhooks/123456789012345678/abcdefghijklmnopqrstuv";
    await user.type(box, url);
    await user.click(item("match").getByRole("button", { name: "Зберегти" }));
    expect(mockBackend.action("notifications:setWebhook")).toHaveBeenCalledWith({
      kind: "match",
      url,
      sessionId: TEST_SESSION_ID,
    });
    expect(box).toHaveValue("");
    expect(toast.success).toHaveBeenCalledWith("Вебхук збережено.");

    const message =
      "Вкажіть адресу вебхука Discord виду https://discord.com/api/webhooks/<id>/<token>.";
    mockBackend
      .action("notifications:setWebhook")
      .mockRejectedValueOnce(new ConvexError({ code: "INVALID_INPUT", message }));
    await user.type(box, "https://evil.example/x");
    await user.click(item("match").getByRole("button", { name: "Зберегти" }));
    expect(await item("match").findByText(message)).toBeInTheDocument();
    expect(box).toHaveValue("https://evil.example/x");
  });

  it("test and remove act on a configured webhook", async () => {
    const user = userEvent.setup();
    mockBackend.queries["notifications:webhooks"] = statuses({ push: { configured: true } });
    mockBackend.action("notifications:sendTestMessage").mockResolvedValue(null);
    mockBackend.action("notifications:setWebhook").mockResolvedValue(null);
    render(<DiscordSettings />);
    await user.click(item("push").getByRole("button", { name: "Надіслати тест" }));
    expect(mockBackend.action("notifications:sendTestMessage")).toHaveBeenCalledWith({
      kind: "push",
      sessionId: TEST_SESSION_ID,
    });
    expect(toast.success).toHaveBeenCalledWith("Тестове повідомлення поставлено в чергу.");
    await user.click(item("push").getByRole("button", { name: "Видалити" }));
    expect(mockBackend.action("notifications:setWebhook")).toHaveBeenCalledWith({
      kind: "push",
      url: "",
      sessionId: TEST_SESSION_ID,
    });
  });
});
