import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { t } from "@/i18n";
import "@/i18n/load/tournament";
import { showError } from "@/lib/errors";
import styles from "./summary-card.module.css";

/** The finished veto as text for Discord, with a copy button. */
export function SummaryCard({ summary }: { summary: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(summary);
      toast.success(t("tournament.summaryCopied"));
    } catch {
      showError(t("tournament.summaryCopyFailed"));
    }
  };
  return (
    <Card
      title={t("tournament.summaryTitle")}
      aside={
        <Button size="sm" onClick={() => void copy()}>
          {t("tournament.summaryCopy")}
        </Button>
      }
    >
      <pre className={styles.summary} data-testid="tournament-summary">
        {summary}
      </pre>
    </Card>
  );
}
