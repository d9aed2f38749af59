"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { Spinner } from "@/components/ui/spinner";
import { followUpload } from "./new-template-upload";

/** Shown when the builder's address is opened while the file is still being processed: waits, then reloads. */
export function UploadFollower({ id, status }: { id: string; status: string }) {
  const router = useRouter();
  useEffect(() => {
    const signal = { cancelled: false };
    void followUpload(id, signal).then(() => !signal.cancelled && router.refresh(), () => router.refresh());
    return () => {
      signal.cancelled = true;
    };
  }, [id, router]);
  return (
    <p className="flex items-center gap-2 text-sm text-slate-700" aria-live="polite">
      <Spinner /> Processing the file (page images, text tags)… ({status.replace(/_/g, " ")})
    </p>
  );
}
