import { useSyncExternalStore } from "react";
import { currentLanguage, subscribeLanguage } from "@/i18n";

/** The current language's code; the component re-renders when the visitor switches it. */
export function useLanguage(): string {
  return useSyncExternalStore(subscribeLanguage, currentLanguage, currentLanguage);
}
