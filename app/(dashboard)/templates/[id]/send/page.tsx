import type { Metadata } from "next";
import { TemplateSendPage } from "../template-send-page";

export const metadata: Metadata = { title: "Send from template" };

export default async function SendFromTemplatePage({ params }: { params: Promise<{ id: string }> }) {
  return <TemplateSendPage id={(await params).id} mode="send" />;
}
