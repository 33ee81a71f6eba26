import { useState } from "react";
import styles from "./avatar.module.css";

/** Up to two letters of a name, for a player without a Steam avatar. */
function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[1]!] : [words[0] ?? ""];
  return (
    letters
      .map((w) => [...w][0] ?? "")
      .join("")
      .toUpperCase() || "?"
  );
}

/**
 * A player's Steam avatar, or their initials when there is none (no Steam key on the deployment,
 * not fetched yet, or the image fails to load). Decorative: the name is always written beside it.
 */
export function Avatar({ name, url, size = 24 }: { name: string; url?: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.42) };
  if (url && !failed) {
    return (
      <img
        className={styles.avatar}
        src={url}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
        data-testid="avatar-image"
      />
    );
  }
  // Drawn from an attribute, so the row's text stays the player's name alone.
  return (
    <span
      className={`${styles.avatar} ${styles.initials}`}
      style={style}
      data-initials={initialsOf(name)}
      aria-hidden="true"
    />
  );
}
