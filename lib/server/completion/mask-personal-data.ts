// Masks for what the public /verify answer may say about people: enough to
// recognise a signer one already knows ("J*** D***" next to a signing time),
// not enough to learn who an unknown signer is or how to reach them.

/** "Jane Doe" → "J*** D***": the first letter of each word. */
export function maskName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "***";
  return words.map((w) => `${[...w][0]}***`).join(" ");
}

/** "jane.doe@example.com" → "j***@e***.com": first letters of the local part and of the domain, and the top-level domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1 || at === email.length - 1) return "***";
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf(".");
  const tld = dot > 0 ? domain.slice(dot) : "";
  return `${[...email][0]}***@${[...domain][0]}***${tld}`;
}
