import type { Metadata } from "next";
import Link from "next/link";
import { requireDashboardSession } from "@/lib/server/dashboard/current-session";
import { PageHeader } from "@/components/dashboard/page-header";
import { UploadWizard } from "@/components/sending/upload-wizard";
import { Alert } from "@/components/ui/alert";

export const metadata: Metadata = { title: "Send a file" };

export default async function SendFilePage() {
  const { api } = await requireDashboardSession("/send");
  // KBA is offered only when the plan has it; without the answer it is not offered (the API would refuse it anyway).
  const plan = await api.getAccountPlan().then((r) => r.account.plan, () => null);
  return (
    <>
      <PageHeader
        title="Send a file"
        description={
          <>
            Upload a PDF (or a PNG/JPEG image) and say who signs; then place each signer&apos;s fields on the document (text tags in
            the file place them for you) and send it. To reuse a document, use a{" "}
            <Link href="/templates" className="font-medium text-brand-700 underline">
              template
            </Link>
            .
          </>
        }
      />
      {plan && !plan.enabled ? (
        <div className="mb-4">
          <Alert>Your account is not enabled for sending documents.</Alert>
        </div>
      ) : null}
      <UploadWizard kbaAllowed={plan?.kba ?? false} />
    </>
  );
}
