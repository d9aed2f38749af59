import "server-only";
import type { TemplateDefinitionInput } from "@/lib/api/template-definition";
import {
  checkboxBox,
  formLineBox,
  initialsBox,
  signatureBlock,
  type Box,
  type SamplePdfSpec,
} from "./generate-sample-pdf";

// The demo account's templates: PDF content plus a definition whose fields
// sit on the blanks the generator draws.

export type SampleTemplate = { filename: string; pdf: SamplePdfSpec; definition: TemplateDefinitionInput };

const at = (page: number, b: Box) => ({ page, ...b });

/** Signature, date and printed-name fields for each role's block on `page`. */
function signatureFields(roles: string[], page: number) {
  return roles.flatMap((role, i) => {
    const b = signatureBlock(i, roles.length);
    return [
      { type: "signature" as const, role, name: `${role} signature`, ...at(page, b.signature), required: true },
      { type: "date" as const, role, name: `${role} date`, ...at(page, b.date), required: true },
      { type: "text" as const, role, name: `${role} printed name`, ...at(page, b.name), required: true },
    ];
  });
}

const nda: SampleTemplate = (() => {
  const roles = ["Disclosing Party", "Receiving Party"];
  return {
    filename: "mutual-nda.pdf",
    pdf: {
      title: "Mutual Non-Disclosure Agreement",
      formLines: ["Effective date", "Counterparty"],
      initials: roles,
      signatureBlocks: roles,
      pages: [
        [
          { text: "This Mutual Non-Disclosure Agreement (the \"Agreement\") is entered into as of the effective date above by and between Demo Co and the counterparty named above (each a \"Party\"). The Parties wish to explore a business relationship and, in doing so, may disclose confidential information to one another." },
          { heading: "1. Confidential Information", text: "\"Confidential Information\" means any non-public information disclosed by one Party to the other, whether orally, in writing or by inspection, that is designated as confidential or that a reasonable person would understand to be confidential given its nature and the circumstances of disclosure, including business plans, customer lists, pricing, software and technical data." },
          { heading: "2. Obligations", text: "The receiving Party shall use the Confidential Information only to evaluate the proposed relationship, shall not disclose it to any third party except employees and advisers who need to know it and are bound by obligations at least as protective as these, and shall protect it with at least the care it uses for its own confidential information, and no less than reasonable care." },
          { heading: "3. Exclusions", text: "These obligations do not apply to information that is or becomes public through no fault of the receiving Party, was known to it before disclosure, is received from a third party without a duty of confidentiality, or is developed independently without use of the Confidential Information." },
        ],
        [
          { heading: "4. Term", text: "This Agreement remains in effect for two (2) years from the effective date. The obligations of confidentiality survive for three (3) years after its termination or expiry." },
          { heading: "5. Return of Materials", text: "On request, the receiving Party shall promptly return or destroy all Confidential Information in its possession and confirm in writing that it has done so." },
          { heading: "6. General", text: "This Agreement is the entire agreement of the Parties on its subject, may be amended only in writing signed by both Parties, and is governed by the laws of the State of Delaware. It may be signed electronically and in counterparts." },
        ],
      ],
    },
    definition: {
      name: "Mutual NDA",
      signer_sequencing: true,
      expires_in: 30,
      tags: { department: "legal", type: "nda" },
      roles: [
        { name: roles[0]!, sequence: 0, signer_name: "Demo Sender", signer_email: "demo@example.com", message: "Please countersign first." },
        { name: roles[1]!, sequence: 1, message: "Please review and sign the NDA." },
      ],
      fields: [
        ...[1, 2].flatMap((page) =>
          roles.map((role, i) => ({ type: "initials" as const, role, name: `${role} initials p${page}`, ...at(page, initialsBox(i, roles.length)), required: true })),
        ),
        ...signatureFields(roles, 2),
      ],
      merge_fields: [
        { name: "effective_date", type: "date", ...at(1, formLineBox(0)) },
        { name: "counterparty", type: "text", ...at(1, formLineBox(1)) },
      ],
    },
  };
})();

const offer: SampleTemplate = {
  filename: "offer-letter.pdf",
  pdf: {
    title: "Offer of Employment",
    formLines: ["Candidate", "Start date"],
    checkboxes: ["I have read and accept the terms of this offer."],
    signatureBlocks: ["Candidate"],
    pages: [
      [
        { text: "Demo Co is pleased to offer you employment on the terms below. This offer is contingent on the successful completion of our standard background check and on your eligibility to work." },
        { heading: "Position and Compensation", text: "You will be employed full time as described in the attached role summary, reporting to the head of your department. Your base salary, benefits and any equity grant are set out in the compensation schedule, which forms part of this offer." },
        { heading: "At-Will Employment", text: "Your employment is at will: either you or Demo Co may end it at any time, with or without cause or notice. Nothing in this letter creates a contract for a fixed term." },
        { heading: "Acceptance", text: "To accept, tick the box below and sign this letter before the offer expires." },
      ],
    ],
  },
  definition: {
    name: "Offer Letter",
    expires_in: 14,
    tags: { department: "hr" },
    roles: [{ name: "Candidate", sequence: 0 }],
    fields: [
      { type: "checkbox", role: "Candidate", name: "Accepts terms", ...at(1, checkboxBox(0, 1, 1)), required: true },
      ...signatureFields(["Candidate"], 1),
    ],
    merge_fields: [
      { name: "candidate_name", type: "text", ...at(1, formLineBox(0)) },
      { name: "start_date", type: "date", ...at(1, formLineBox(1)) },
    ],
  },
};

const consulting: SampleTemplate = (() => {
  const roles = ["Client", "Consultant"];
  return {
    filename: "consulting-agreement.pdf",
    pdf: {
      title: "Consulting Services Agreement",
      formLines: ["Project"],
      signatureBlocks: roles,
      pages: [
        [
          { text: "This Agreement is made between the Client and the Consultant named below for the project named above." },
          { heading: "Services", text: "The Consultant will provide the services described in the statement of work, using its own tools and methods, and will keep the Client informed of progress at agreed intervals." },
          { heading: "Fees and Payment", text: "The Client will pay the fees set out in the statement of work within thirty (30) days of receiving a correct invoice. Expenses are reimbursed only when approved in advance." },
          { heading: "Independent Contractor", text: "The Consultant is an independent contractor and not an employee, partner or agent of the Client, and is responsible for its own taxes and insurance." },
        ],
      ],
    },
    definition: {
      name: "Consulting Agreement",
      expires_in: 21,
      tags: { department: "operations" },
      roles: roles.map((name, sequence) => ({ name, sequence })),
      fields: signatureFields(roles, 1),
      merge_fields: [{ name: "project", type: "text", ...at(1, formLineBox(0)) }],
    },
  };
})();

export const sampleTemplates: SampleTemplate[] = [nda, offer, consulting];
