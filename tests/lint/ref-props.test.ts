import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The browser build renders through Preact's React layer, where a function component never gets
// `ref` among its props: the lint refuses a `ref` prop in a component's props and lets forwardRef be.
const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });

async function ruleIds(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  if (!result) throw new Error(`no lint result for ${file}`);
  expect(result.messages.filter((m) => m.fatal)).toEqual([]);
  return result.messages.map((m) => m.ruleId);
}

describe("refs reach components through forwardRef", () => {
  it("refuses a `ref` prop", async () => {
    const code = `import type { Ref } from "react";
export interface FieldProps {
  ref?: Ref<HTMLInputElement>;
}
export function Field({ ref }: FieldProps) {
  return <input ref={ref} />;
}
`;
    expect(await ruleIds("src/components/ui/made-up-field.tsx", code)).toEqual([
      "no-restricted-syntax",
    ]);
  });

  it("accepts forwardRef", async () => {
    const code = `import { forwardRef } from "react";
export const Field = forwardRef<HTMLInputElement, { label: string }>(function Field(
  { label },
  ref,
) {
  return <input ref={ref} aria-label={label} />;
});
`;
    expect(await ruleIds("src/components/ui/made-up-field.tsx", code)).toEqual([]);
  });
});
