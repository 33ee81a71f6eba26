import "@/test/mock-backend-modules";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { mockBackend } from "@/test/mock-convex";
import { ServersSettings } from "./servers-settings";

const server = (id: string, name: string, disabled: boolean) => ({
  _id: id,
  key: id,
  name,
  apiBaseUrl: "http://10.0.0.1:8080",
  connectAddress: "10.0.0.1:27015",
  connectionType: "HTTP",
  disabled,
  order: 0,
  hasApiKey: true,
  hasRconPassword: false,
  rconAuthFailed: false,
});

describe("servers settings: deleting a server", () => {
  beforeEach(() => mockBackend.reset());

  it("offers «Видалити» only for a disabled server, asks first and says what stays", async () => {
    mockBackend.queries["servers:adminList"] = [
      server("s1", "Server #1", false),
      server("s2", "Old server", true),
    ];
    const remove = mockBackend.action("servers:remove").mockResolvedValue(null);
    const user = userEvent.setup();
    render(<ServersSettings />);
    expect(screen.queryByRole("button", { name: "Видалити Server #1" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Видалити Old server" }));
    const dialog = screen.getByRole("dialog", { name: "Видалити сервер «Old server»?" });
    expect(dialog).toHaveTextContent(
      /матчі, статистика гравців, бани й записи журналу аудиту залишаться/,
    );
    expect(remove).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole("button", { name: "Видалити" }));
    expect(remove).toHaveBeenCalledWith(expect.objectContaining({ serverId: "s2" }));
  });
});
