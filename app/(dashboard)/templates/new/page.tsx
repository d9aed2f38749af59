import type { Metadata } from "next";
import Link from "next/link";
import { requireDashboardSession } from "@/lib/server/dashboard/current-session";
import { PageHeader } from "@/components/dashboard/page-header";
import { NewTemplateUpload } from "@/components/builder/new-template-upload";

export const metadata: Metadata = { title: "New template" };

export default async function NewTemplatePage() {
  await requireDashboardSession("/templates/new");
  return (
    <>
      <PageHeader
        eyebrow={
          <Link href="/templates" className="hover:underline">
            Templates
          </Link>
        }
        title="New template"
        description="Upload the document (PDF, PNG or JPEG, up to 25 MB); then place the fields each role fills in."
      />
      <NewTemplateUpload />
    </>
  );
}
