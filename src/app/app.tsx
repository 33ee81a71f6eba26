import { useEffect } from "react";
import { BrowserRouter } from "react-router-dom";
import { useLanguage } from "@/hooks/use-language";
import { t } from "@/i18n";
import "@/i18n/load/common";
import { AppProviders } from "./providers";
import { AppRoutes } from "./router";

export function App() {
  // A new language re-renders every screen in it (the route and its data stay where they were).
  const language = useLanguage();
  useEffect(() => {
    document.title = t("app.title");
  }, [language]);
  return (
    <AppProviders>
      <BrowserRouter>
        <AppRoutes key={language} />
      </BrowserRouter>
    </AppProviders>
  );
}
