import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Dialog } from "./dialog";

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Відкрити</button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Діалог">
        <button>Перша</button>
        <button>Друга</button>
      </Dialog>
    </>
  );
}

describe("Dialog", () => {
  it("focuses inside, traps Tab, closes on Escape and returns focus to the opener", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole("button", { name: "Відкрити" });
    await user.click(opener);
    expect(screen.getByRole("dialog", { name: "Діалог" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Закрити" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Перша" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Друга" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Закрити" })).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
