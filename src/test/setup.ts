import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// `findBy…` and `waitFor` wait for a condition; on a busy 2-core machine the first render of a
// lazy modal can take longer than Testing Library's 1 s default, so allow more before failing.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());

// jsdom's browser says "en-US"; the panel's tests read the Ukrainian texts, as a visitor with a
// Ukrainian browser would (a test that wants English switches with setLanguage).
Object.defineProperty(navigator, "languages", { value: ["uk-UA", "uk"], configurable: true });
Object.defineProperty(navigator, "language", { value: "uk-UA", configurable: true });
