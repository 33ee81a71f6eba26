import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// `findBy…` and `waitFor` wait for a condition; on a busy 2-core machine the first render of a
// lazy modal can take longer than Testing Library's 1 s default, so allow more before failing.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());
