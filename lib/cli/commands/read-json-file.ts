import fs from "node:fs/promises";
import { UsageError } from "../command";

/** The parsed contents of a JSON file, or a UsageError naming the file and what is wrong. */
export async function readJsonFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await fs.readFile(file, "utf8");
  } catch {
    throw new UsageError(`Cannot read ${file}.`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new UsageError(`${file} is not valid JSON: ${(e as Error).message}`);
  }
}
