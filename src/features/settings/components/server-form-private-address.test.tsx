import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { GatedAction } from "@/hooks/use-gated-action";
import type { api } from "@/lib/backend";
import { ServerFormDialog } from "./server-form-dialog";

// This panel talks to a deployment in Convex's cloud.
vi.mock("@/config/env", () => ({
  env: { convexUrl: "https://happy-otter-123.convex.cloud", authProvider: "none" },
}));
vi.mock("react-hot-toast", () => ({ default: { error: vi.fn(), success: vi.fn() } }));

const save = { run: vi.fn(), pending: false } as unknown as GatedAction<typeof api.servers.save>;
const WARNING = /Приватна адреса: розгортання Convex у хмарі/;

describe("ServerFormDialog on a cloud deployment", () => {
  it("says that a private plugin API address cannot be reached, and not for a public one", async () => {
    const user = userEvent.setup();
    render(<ServerFormDialog server={null} save={save} onClose={() => {}} />);
    const url = screen.getByLabelText("Адреса API");
    await user.type(url, "http://192.168.1.20:8080");
    expect(screen.getByRole("status")).toHaveTextContent(WARNING);
    await user.clear(url);
    await user.type(url, "http://203.0.113.9:8080");
    expect(screen.queryByText(WARNING)).not.toBeInTheDocument();
  });

  it("over direct RCON the game server's own address counts", async () => {
    const user = userEvent.setup();
    render(<ServerFormDialog server={null} save={save} onClose={() => {}} />);
    await user.selectOptions(screen.getByLabelText("Тип підключення"), "RCON");
    await user.type(screen.getByLabelText("Адреса ігрового сервера"), "127.0.0.1");
    expect(screen.getByRole("status")).toHaveTextContent(WARNING);
  });
});
