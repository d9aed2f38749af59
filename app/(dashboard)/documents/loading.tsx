import { DocumentsSkeleton } from "@/components/documents/documents-skeleton";

export default function DocumentsLoading() {
  return (
    <>
      <h1 className="mb-6 text-2xl font-semibold tracking-tight text-slate-900">Documents</h1>
      <DocumentsSkeleton />
    </>
  );
}
