import { importArchivedDocuments } from "@/lib/server/archive/import-archived-documents";
import { parseFlags, required, userByEmailOrThrow, type Command } from "../command";
import { readJsonFile } from "./read-json-file";

export const archiveImport: Command = {
  name: "archive:import",
  synopsis: "--owner E --file FILE.json",
  summary: "Import archived documents (spec 2.5 records; the file holds one record or an array). Re-importing a GUID replaces it.",
  async run(argv, { db: openDb }) {
    const v = parseFlags(argv, { owner: { type: "string" }, file: { type: "string" } });
    const ownerEmail = required(v, "owner");
    const json = await readJsonFile(required(v, "file"));
    const records = Array.isArray(json) ? json : [json];
    const db = await openDb();
    const owner = await userByEmailOrThrow(db, ownerEmail);
    return { ids: await importArchivedDocuments(db, { ownerUserId: owner.id, records }) };
  },
};
