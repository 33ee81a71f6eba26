import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { GatedAction } from "@/hooks/use-gated-action";
import type { api, Id } from "@/lib/backend";
import type { AdminServer } from "../hooks/use-server-settings";
import { ServerFormDialog } from "./server-form-dialog";

vi.mock("react-hot-toast", () => ({ default: { error: vi.fn(), success: vi.fn() } }));

const SERVER: AdminServer = {
  _id: "s1" as Id<"servers">,
  key: "server1",
  name: "Server #1",
  apiBaseUrl: "http://10.0.0.1:8080",
  connectAddress: "10.0.0.1:27015",
  connectionType: "HTTP",
  disabled: false,
  order: 0,
  hasApiKey: true,
  hasRconPassword: false,
  rconAuthFailed: false,
};

function saveMock() {
  const run = vi.fn().mockResolvedValue(SERVER._id);
  return { run, pending: false } as unknown as GatedAction<typeof api.servers.save> & {
    run: typeof run;
  };
}

describe("ServerFormDialog", () => {
  it("asks for the API key again when the address changes, and sends nothing until it is typed", async () => {
    const user = userEvent.setup();
    const save = saveMock();
    render(<ServerFormDialog server={SERVER} save={save} onClose={() => {}} />);
    expect(screen.queryByText(/Адресу змінено/)).not.toBeInTheDocument();

    const url = screen.getByLabelText("Адреса API");
    await user.clear(url);
    await user.type(url, "http://203.0.113.9:8080");
    expect(screen.getByRole("status")).toHaveTextContent(/будуть скинуті/);
    await user.click(screen.getByRole("button", { name: "Зберегти" }));
    expect(save.run).not.toHaveBeenCalled();
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Адресу змінено: введіть API-ключ для нової адреси.",
    );

    await user.type(screen.getByLabelText("API-ключ"), "new-key");
    await user.click(screen.getByRole("button", { name: "Зберегти" }));
    expect(save.run).toHaveBeenCalledWith(
      expect.objectContaining({
        apiKey: "new-key",
        server: expect.objectContaining({ apiBaseUrl: "http://203.0.113.9:8080" }),
      }),
      expect.anything(),
    );
  });

  it("keeps the stored key when only the name changes", async () => {
    const user = userEvent.setup();
    const save = saveMock();
    render(<ServerFormDialog server={SERVER} save={save} onClose={() => {}} />);
    await user.type(screen.getByLabelText("Назва"), " EU");
    await user.click(screen.getByRole("button", { name: "Зберегти" }));
    expect(screen.queryByText(/Адресу змінено/)).not.toBeInTheDocument();
    expect(save.run).toHaveBeenCalledWith(
      expect.not.objectContaining({ apiKey: expect.anything() }),
      expect.anything(),
    );
  });

  it("says every problem at once, under its field, and drops a message as soon as the field is right", async () => {
    const user = userEvent.setup();
    const save = saveMock();
    render(<ServerFormDialog server={null} save={save} onClose={() => {}} />);
    await user.type(screen.getByLabelText("Ключ"), "Bad Key");
    await user.type(screen.getByLabelText("Назва"), "EU");
    await user.type(screen.getByLabelText("Адреса API"), "http://203.0.113.9:8080");
    await user.click(screen.getByRole("button", { name: "Зберегти" }));
    expect(save.run).not.toHaveBeenCalled();
    expect(screen.getByText("Ключ: 1–32 символи a-z, 0-9, - або _.")).toBeInTheDocument();
    expect(
      screen.getByText("Адреса підключення: host:port, наприклад 1.2.3.4:27015."),
    ).toBeInTheDocument();

    const key = screen.getByLabelText("Ключ");
    await user.clear(key);
    await user.type(key, "eu-1");
    expect(screen.queryByText(/Ключ: 1–32/)).not.toBeInTheDocument();
    expect(screen.getByText(/Адреса підключення: host:port/)).toBeInTheDocument();

    await user.type(screen.getByLabelText("Адреса підключення"), "203.0.113.9:27015");
    await user.click(screen.getByRole("button", { name: "Зберегти" }));
    expect(save.run).toHaveBeenCalledWith(
      expect.objectContaining({ server: expect.objectContaining({ key: "eu-1" }) }),
      expect.anything(),
    );
  });
});
