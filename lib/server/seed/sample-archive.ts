import "server-only";
import type { ArchivedDocumentInput } from "@/lib/api/archived-document";

// Two records as the legacy system exports them (spec 2.5): integer ids in
// audits, legacy page image addresses, one executed and one expired.

const signer = (s: {
  id: string;
  email: string;
  name: string;
  role_name: string;
  sequence: number;
  status: string;
  viewed_at: string | null;
  signed_at: string | null;
}) => ({
  ...s,
  message: "",
  document_passcode: null,
  document_passcode_question: null,
  dismiss_reminders: false,
  legacy_browser_rendered: "false",
  "email_bounced?": false,
  has_previously_signed: s.signed_at !== null,
  is_current_user: null,
  reminders_remaining: s.signed_at ? 0 : 3,
});

const pageImages = (guid: string, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    page_number: i + 1,
    thumbnail: `https://legacy.example.com/documents/${guid}/pages/${i + 1}/thumbnail.png`,
    original: `https://legacy.example.com/documents/${guid}/pages/${i + 1}/original.png`,
  }));

export const sampleArchivedDocuments = (senderEmail: string): ArchivedDocumentInput[] => [
  {
    name: "Office Lease Renewal 2021",
    original_guid: "6f1c2a9e-3b47-4d2a-9c51-0e8d7f4b2a10",
    document_state: "executed",
    document_sent_at: "2021-03-02T09:15:22.000-05:00",
    document_executed_at: "2021-03-04T16:40:05.000-05:00",
    document_expires_at: "2021-04-01T09:15:22.000-05:00",
    sender_email: senderEmail,
    signers: [
      signer({ id: "88213", email: "landlord@harborproperties.example", name: "Grace Harbor", role_name: "Landlord", sequence: 0, status: "signed", viewed_at: "2021-03-02T11:02:10.000-05:00", signed_at: "2021-03-02T11:05:47.000-05:00" }),
      signer({ id: "88214", email: senderEmail, name: "Demo Sender", role_name: "Tenant", sequence: 1, status: "signed", viewed_at: "2021-03-04T16:38:51.000-05:00", signed_at: "2021-03-04T16:40:05.000-05:00" }),
    ],
    signed_pdf_url: "https://legacy.example.com/documents/6f1c2a9e-3b47-4d2a-9c51-0e8d7f4b2a10/signed.pdf",
    page_images: pageImages("6f1c2a9e-3b47-4d2a-9c51-0e8d7f4b2a10", 3),
    tags: { department: "facilities", year: "2021" },
    image_width: 1275,
    image_height: 1650,
    file_attachments: [],
    cc_parties: [],
    shared_with: [],
    audits: [
      { id: 501233, payload: "Document created by Demo Sender (" + senderEmail + ").", user_id: 4411, metadata: { keyword: "created" }, account_id: 2207, created_at: "2021-03-02T09:15:22.000-05:00", ip_address: "203.0.113.24", document_id: 90817 },
      { id: 501241, payload: "Grace Harbor viewed the document.", user_id: 4411, metadata: { keyword: "viewed" }, account_id: 2207, created_at: "2021-03-02T11:02:10.000-05:00", ip_address: "198.51.100.7", document_id: 90817 },
      { id: 501242, payload: "Grace Harbor signed the document.", user_id: 4411, metadata: { keyword: "signed" }, account_id: 2207, created_at: "2021-03-02T11:05:47.000-05:00", ip_address: "198.51.100.7", document_id: 90817 },
      { id: 501630, payload: "Demo Sender signed the document.", user_id: 4411, metadata: { keyword: "signed" }, account_id: 2207, created_at: "2021-03-04T16:40:05.000-05:00", ip_address: "203.0.113.24", document_id: 90817 },
      { id: 501631, payload: "The document was executed.", user_id: 4411, metadata: { keyword: "executed" }, account_id: 2207, created_at: "2021-03-04T16:40:06.000-05:00", ip_address: null, document_id: 90817 },
    ],
  },
  {
    name: "Vendor Onboarding Form - Acme Supplies",
    original_guid: "c0a8012e-77d4-4f0b-b6a3-5d2e9f1c8b44",
    document_state: "expired",
    document_sent_at: "2022-08-10T14:00:00.000+00:00",
    document_executed_at: null,
    document_expires_at: "2022-08-24T14:00:00.000+00:00",
    sender_email: senderEmail,
    signers: [
      signer({ id: "90422", email: "ap@acmesupplies.example", name: "Sam Ortega", role_name: "Vendor", sequence: 0, status: "pending", viewed_at: "2022-08-11T08:21:40.000+00:00", signed_at: null }),
    ],
    signed_pdf_url: null,
    page_images: pageImages("c0a8012e-77d4-4f0b-b6a3-5d2e9f1c8b44", 1),
    tags: { department: "procurement" },
    image_width: 1275,
    image_height: 1650,
    file_attachments: [],
    cc_parties: [],
    shared_with: ["teammate@example.com"],
    audits: [
      { id: 733001, payload: "Document created by Demo Sender (" + senderEmail + ").", user_id: 4411, metadata: { keyword: "created" }, account_id: 2207, created_at: "2022-08-10T14:00:00.000+00:00", ip_address: "203.0.113.24", document_id: 120044 },
      { id: 733145, payload: "Sam Ortega viewed the document.", user_id: 4411, metadata: { keyword: "viewed" }, account_id: 2207, created_at: "2022-08-11T08:21:40.000+00:00", ip_address: "192.0.2.55", document_id: 120044 },
    ],
  },
];
