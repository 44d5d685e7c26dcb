"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { api } from "@/lib/studio/api/addresses";
import { useEndpoint } from "../endpoint-client";
import { setDoneAlertNavigation, setDoneAlertSettings } from "./done-alerts";

/** Keeps the tab's alerts on the member's choice, and lets a clicked notification open its page. */
export function useDoneAlerts(): void {
  const router = useRouter();
  const { data } = useEndpoint(api.doneAlerts.get, {}, { staleTime: 60_000 });
  useEffect(() => {
    if (data) setDoneAlertSettings(data);
  }, [data]);
  useEffect(() => setDoneAlertNavigation((href) => router.push(href)), [router]);
}
