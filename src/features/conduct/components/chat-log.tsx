import { useState } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { t } from "@/i18n";
import "@/i18n/load/conduct";
import type { Id } from "@/lib/backend";
import { useChat, type ChatFilter } from "../hooks/use-conduct";
import { ChatLines } from "./chat-lines";
import styles from "./conduct.module.css";

/** A server's chat (or one player's), newest first, searched by words, player and date. */
export function ChatLog({ serverId, steamId }: { serverId?: Id<"servers">; steamId?: string }) {
  const [text, setText] = useState("");
  const [player, setPlayer] = useState("");
  const [from, setFrom] = useState("");
  const [filter, setFilter] = useState<ChatFilter>({ serverId, steamId });
  const { rows, status, loadMore } = useChat(filter);
  return (
    <div className={styles.stack}>
      <form
        className={styles.row}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const since = from ? Date.parse(from) : NaN;
          setFilter({
            serverId,
            steamId: steamId ?? (player.trim() || undefined),
            text: text.trim() || undefined,
            from: Number.isFinite(since) ? since : undefined,
          });
        }}
      >
        <TextField
          className={styles.grow}
          label={t("conduct.chat.search")}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        {steamId ? null : (
          <TextField
            className={styles.grow}
            label={t("conduct.chat.steamId")}
            value={player}
            autoComplete="off"
            onChange={(e) => setPlayer(e.target.value)}
          />
        )}
        <TextField
          label={t("conduct.chat.from")}
          type="date"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
        <Button type="submit">{t("conduct.chat.find")}</Button>
      </form>
      {status === "LoadingFirstPage" ? null : (
        <ChatLines lines={[...rows].reverse()} label={t("conduct.chat.title")} />
      )}
      {status === "CanLoadMore" ? (
        <Button size="sm" variant="ghost" onClick={loadMore}>
          {t("conduct.reports.more")}
        </Button>
      ) : null}
    </div>
  );
}
