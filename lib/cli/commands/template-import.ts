import fs from "node:fs/promises";
import path from "node:path";
import { formatIssues, templateDefinitionSchema } from "@/lib/api/template-definition";
import { importTemplate } from "@/lib/server/templates/import-template";
import { parseFlags, required, UsageError, userByEmailOrThrow, type Command } from "../command";
import { readJsonFile } from "./read-json-file";

export const templateImport: Command = {
  name: "template:import",
  synopsis: "--owner E --pdf FILE --definition FILE.json",
  summary: "Create a template from a PDF and a definition file (roles, fields, merge fields).",
  async run(argv, { db: openDb }) {
    const v = parseFlags(argv, {
      owner: { type: "string" },
      pdf: { type: "string" },
      definition: { type: "string" },
    });
    const ownerEmail = required(v, "owner");
    const pdfPath = required(v, "pdf");
    const parsed = templateDefinitionSchema.safeParse(await readJsonFile(required(v, "definition")));
    if (!parsed.success) throw new UsageError(`Invalid definition: ${formatIssues(parsed.error).join("; ")}`);
    const pdf = await fs.readFile(pdfPath).catch(() => {
      throw new UsageError(`Cannot read ${pdfPath}.`);
    });

    const db = await openDb();
    const owner = await userByEmailOrThrow(db, ownerEmail);
    const template = await importTemplate(db, {
      ownerUserId: owner.id,
      pdf: new Uint8Array(pdf),
      filename: path.basename(pdfPath),
      definition: parsed.data,
    });
    return { id: template.id };
  },
};
