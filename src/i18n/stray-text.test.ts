import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Every text a user reads comes from the dictionaries: outside `src/i18n/<language>/` no string,
 * template or JSX text may hold Cyrillic (a Ukrainian text left behind), and no JSX text or
 * user-facing attribute may hold a written-out word (an English text left behind). Comments are
 * not looked at: the TypeScript scanner reads the code.
 */
const src = path.resolve(import.meta.dirname, "..");
const convexDir = path.resolve(src, "../convex");

/** Strings that look like text but are not shown as such, each with why. */
const ALLOWED: ReadonlyArray<{ file: string; text: RegExp; why: string }> = [
  {
    file: "features/map-ban-pick/utils/custom-format.ts",
    text: /^(бан|пік|вибір|сторона|а|б|\^.*)$/u,
    why: "words an admin may type in a custom veto sequence (input grammar, never shown)",
  },
];

const CYRILLIC = /\p{Script=Cyrillic}/u;
/**
 * A written-out word: two lower-case letters or more, outside code-like strings (so "K/D", "CT",
 * "HTTP", "mp_roundtime", "http://1.2.3.4:8080", "✕" and "#" pass).
 */
const WORD = /\p{Ll}{2,}/u;
const CODE_LIKE = /_|:\/\//;
const isWord = (s: string) => WORD.test(s) && !CODE_LIKE.test(s);
const SHOWN_ATTRIBUTES = new Set(["title", "aria-label", "placeholder", "alt", "label"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      return ["test", "_generated", "testing"].includes(entry.name) ? [] : sourceFiles(full);
    }
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The stray texts of one file's code, as "file:line: text". */
function strayTexts(relative: string, text: string): string[] {
  const source = ts.createSourceFile(
    relative,
    text,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const found: string[] = [];
  const allowed = (value: string) =>
    ALLOWED.some((a) => a.file === relative && a.text.test(value.trim()));
  const report = (node: ts.Node, value: string) => {
    if (allowed(value)) return;
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    found.push(`${relative}:${line + 1}: ${JSON.stringify(value.trim().slice(0, 60))}`);
  };
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      if (CYRILLIC.test(node.text)) report(node, node.text);
    } else if (ts.isJsxText(node)) {
      if (CYRILLIC.test(node.text) || isWord(node.text)) report(node, node.text);
    } else if (
      ts.isJsxAttribute(node) &&
      SHOWN_ATTRIBUTES.has(node.name.getText(source)) &&
      node.initializer &&
      ts.isStringLiteral(node.initializer) &&
      isWord(node.initializer.text)
    ) {
      report(node, node.initializer.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("user-visible text", () => {
  it("lives only in the dictionaries (no Ukrainian or English text in the code)", () => {
    const dictionaries = [...readdirSync(import.meta.dirname, { withFileTypes: true })]
      .filter((entry) => entry.isDirectory() && entry.name !== "load")
      .map((entry) => path.join(import.meta.dirname, entry.name) + path.sep);
    const stray = sourceFiles(src)
      .filter((file) => !dictionaries.some((dir) => file.startsWith(dir)))
      .flatMap((file) => strayTexts(path.relative(src, file), readFileSync(file, "utf8")));
    expect(stray).toEqual([]);
  });

  it("in the backend, only in its text tables (convex/lib/texts)", () => {
    // Each text table's keys are worded by the panel in the visitor's language; what only a game
    // server's players or a Discord channel read is in a table too (texts/gameDefaults.ts,
    // texts/discord.ts). A Ukrainian string anywhere else in convex/ is a text left behind.
    const stray: string[] = [];
    for (const file of sourceFiles(convexDir)) {
      const relative = path.relative(convexDir, file).split(path.sep).join("/");
      if (relative.startsWith("lib/texts/") || relative === "lib/messages.ts") continue;
      stray.push(
        ...strayTexts(relative, readFileSync(file, "utf8")).filter((line) => CYRILLIC.test(line)),
      );
    }
    expect(stray).toEqual([]);
  });

  it("catches a text left in the code, and passes what is not text", () => {
    const probe = (code: string) => strayTexts("probe.tsx", code).length;
    expect(probe(`const a = "Гравці";`)).toBe(1);
    expect(probe("const a = `${n} гравців`;")).toBe(1);
    expect(probe(`const a = <p>Players online</p>;`)).toBe(1);
    expect(probe(`const a = <input placeholder="Search" />;`)).toBe(1);
    expect(probe(`const a = <button title={t("x")}>{t("y")}</button>;`)).toBe(0);
    expect(probe(`// Гравці: a comment\n/** Ще коментар */ const a = <b>K/D</b>;`)).toBe(0);
    expect(probe(`const a = <span className="x">{n} · {m}</span>;`)).toBe(0);
  });
});
