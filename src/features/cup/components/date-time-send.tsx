import { useState } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";

/** A local date and time and the button that sends it, as epoch milliseconds. */
export function DateTimeSend({
  label,
  sendLabel,
  busy,
  onSend,
}: {
  label: string;
  sendLabel: string;
  busy: boolean;
  onSend: (at: number) => void;
}) {
  const [at, setAt] = useState("");
  return (
    <>
      <TextField
        type="datetime-local"
        label={label}
        value={at}
        onChange={(e) => setAt(e.target.value)}
      />
      <Button disabled={!at} loading={busy} onClick={() => onSend(new Date(at).getTime())}>
        {sendLabel}
      </Button>
    </>
  );
}
