import type { Metadata } from "next";
import { TemplateSendPage } from "../template-send-page";

export const metadata: Metadata = { title: "Embed from template" };

export default async function EmbedFromTemplatePage({ params }: { params: Promise<{ id: string }> }) {
  return <TemplateSendPage id={(await params).id} mode="embed" />;
}
