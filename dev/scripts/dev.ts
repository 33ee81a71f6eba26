/**
 * `npm run dev`: development against a real Convex deployment (local where the internet allows,
 * or your cloud dev deployment): `convex dev` (push + codegen on change), Vite and the game-server
 * simulator side by side. Ctrl-C stops all three.
 */
import { spawn, type ChildProcess } from "node:child_process";

const children: ChildProcess[] = [];

function run(name: string, command: string, args: string[]) {
  const child = spawn(command, args, { stdio: ["inherit", "pipe", "pipe"], shell: false });
  const prefix = (chunk: Buffer) =>
    chunk
      .toString()
      .split("\n")
      .filter((line) => line.length > 0)
      .map((line) => `[${name}] ${line}`)
      .join("\n") + "\n";
  child.stdout?.on("data", (c: Buffer) => process.stdout.write(prefix(c)));
  child.stderr?.on("data", (c: Buffer) => process.stderr.write(prefix(c)));
  child.on("exit", (code) => {
    console.log(`[${name}] exited with ${code}`);
    if (code !== 0) stop(code ?? 1);
  });
  children.push(child);
}

function stop(code = 0) {
  for (const c of children) if (c.exitCode === null) c.kill("SIGTERM");
  setTimeout(() => process.exit(code), 500);
}

if (!process.env.VITE_CLERK_PUBLISHABLE_KEY) {
  console.log(
    "VITE_CLERK_PUBLISHABLE_KEY is not set: the panel runs for visitors only (see README).",
  );
}
run("convex", "npx", ["convex", "dev"]);
run("vite", "npx", ["vite"]);
run("sim", "npx", ["tsx", "dev/sim/main.ts"]);
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
