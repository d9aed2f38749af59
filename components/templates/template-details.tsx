import type { ReusableTemplateResource } from "@/lib/api/templates";
import type { ReactNode } from "react";
import { DateTime } from "@/components/dashboard/time-zone";
import { Badge } from "@/components/ui/badge";
import { Table, Td, Th } from "@/components/ui/table";

const yesNo = (v: boolean) => (v ? "Yes" : "No");

/** The template's settings at a glance. */
export function TemplateFacts({ template: t }: { template: ReusableTemplateResource }) {
  const facts: [string, ReactNode][] = [
    ["File", t.filename],
    ["Created by", `${t.creator.name} (${t.creator.email})`],
    ["Expires after", `${t.expires_in} day${t.expires_in === 1 ? "" : "s"}`],
    ["Signer sequencing", yesNo(t.signer_sequencing)],
    ["Identity method", t.identity_method],
    ["Knowledge-based authentication", yesNo(t.kba)],
    ["PIN", yesNo(t.passcode)],
    ["Shared with", t.shared_with.join(", ") || "Nobody"],
    ["Created", <DateTime key="created" value={t.created_at} />],
    ["Updated", <DateTime key="updated" value={t.updated_at} />],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      {facts.map(([k, v]) => (
        <div key={k} className="min-w-0">
          <dt className="text-slate-500">{k}</dt>
          <dd className="break-words text-slate-900">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

export function TemplateRolesTable({ template: t }: { template: ReusableTemplateResource }) {
  if (t.roles.length === 0) return <p className="text-sm text-slate-600">This template has no roles.</p>;
  return (
    <Table caption="Roles" captionHidden>
      <thead>
        <tr>
          {t.signer_sequencing ? <Th>Order</Th> : null}
          <Th>Role</Th>
          <Th>Signer</Th>
          <Th>Message</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {[...t.roles]
          .sort((a, b) => a.sequence - b.sequence)
          .map((r) => (
            <tr key={r.name}>
              {t.signer_sequencing ? <Td>{r.sequence + 1}</Td> : null}
              <Td className="font-medium">{r.name}</Td>
              <Td>{r.signer_name || r.signer_email ? `${r.signer_name} ${r.signer_email ? `<${r.signer_email}>` : ""}` : <span className="text-slate-500">Chosen when sending</span>}</Td>
              <Td className="max-w-xs break-words">{r.message || <span className="text-slate-500">—</span>}</Td>
            </tr>
          ))}
      </tbody>
    </Table>
  );
}

export function TemplateMergeFieldsTable({ template: t }: { template: ReusableTemplateResource }) {
  if (t.merge_field_components.length === 0) return <p className="text-sm text-slate-600">This template has no merge fields.</p>;
  return (
    <Table caption="Merge fields" captionHidden>
      <thead>
        <tr>
          <Th>Name</Th>
          <Th>Type</Th>
          <Th>Page</Th>
          <Th>Id</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {t.merge_field_components.map((m) => (
          <tr key={m.id}>
            <Td className="font-medium">{m.name}</Td>
            <Td>
              <Badge tone={m.type === "date" ? "info" : "neutral"}>{m.type}</Badge>
            </Td>
            <Td>{m.page}</Td>
            <Td className="font-mono text-xs text-slate-600">{m.id}</Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function TemplatePages({ template: t }: { template: ReusableTemplateResource }) {
  if (t.page_image_urls.length === 0) return <p className="text-sm text-slate-600">No page images.</p>;
  return (
    <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {t.page_image_urls.map((src, i) => (
        <li key={src}>
          {/* eslint-disable-next-line @next/next/no-img-element -- signed, short-lived file addresses */}
          <img src={src} alt={`Page ${i + 1} of ${t.name}`} loading="lazy" className="w-full rounded bg-white shadow-sm ring-1 ring-slate-200" />
          <p className="mt-1 text-center text-xs text-slate-500">Page {i + 1}</p>
        </li>
      ))}
    </ol>
  );
}
