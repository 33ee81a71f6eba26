import "@/test/mock-backend-modules";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { mockBackend } from "@/test/mock-convex";
import DeploymentStatusSection from "./deployment-status";

describe("DeploymentStatusSection", () => {
  beforeEach(() => mockBackend.reset());

  it("runs the check on demand and shows variables, claims, site URL and each server", async () => {
    const user = userEvent.setup();
    mockBackend.action("deployment:setupStatus").mockResolvedValue({
      variables: [
        { name: "CLERK_JWT_ISSUER_DOMAIN", required: true, set: false },
        { name: "PANEL_URL", required: false, set: true },
      ],
      claims: { email: true, emailVerified: true, nickname: false },
      siteUrl: "https://happy-otter-123.convex.site",
      inCloud: true,
      servers: [
        {
          key: "server1",
          name: "Server #1",
          eventsUrl: "https://happy-otter-123.convex.site/api/events/server1",
          privateAddress: true,
          reachable: false,
          error: "Сервер недоступний: з'єднання відхилено",
        },
      ],
    });
    render(<DeploymentStatusSection />);
    expect(screen.getByRole("heading", { name: "Стан розгортання" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Перевірити" }));
    const clerk = await screen.findByText("CLERK_JWT_ISSUER_DOMAIN");
    expect(
      within(clerk.closest("li")!).getByText("не задано — вхід не працюватиме"),
    ).toBeInTheDocument();
    expect(within(screen.getByText("PANEL_URL").closest("li")!).getByText("задано")).toBeVisible();
    expect(screen.getByText("nickname (ім'я користувача)").closest("li")).toHaveTextContent(
      "немає",
    );
    expect(screen.getByText("https://happy-otter-123.convex.site")).toBeInTheDocument();
    const server = document.querySelector('[data-server="server1"]') as HTMLElement;
    expect(within(server).getByText("недоступний")).toBeInTheDocument();
    expect(within(server).getByText(/Приватна адреса/)).toBeInTheDocument();
    expect(within(server).getByText("Сервер недоступний: з'єднання відхилено")).toBeInTheDocument();
  });
});
