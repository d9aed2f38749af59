import { NextResponse } from "next/server";
import { ApiClientError } from "@/lib/api-client/client";
import { humanApiMessage } from "@/components/sending/api-error-field";
import { getDashboardSession } from "@/lib/server/dashboard/current-session";
import { isId } from "../../../_lib/run-action";

// The wizard polls the processing status here: the browser has no API token,
// so this reads GET /sending_requests/:id with the session's and passes on
// only what the wizard shows (not the upload address).

const noStore = { "Cache-Control": "no-store" };

export async function GET(_req: Request, ctx: { params: Promise<{ id: string }> }) {
  const { id } = await ctx.params;
  const session = await getDashboardSession();
  if (!session) return NextResponse.json({ error: "Not signed in." }, { status: 401, headers: noStore });
  if (!isId(id)) return NextResponse.json({ error: "Sending Request not found." }, { status: 404, headers: noStore });
  try {
    const r = await session.api.getSendingRequest(id);
    return NextResponse.json(
      {
        id: r.id,
        status: r.status,
        status_message: r.status_message,
        document_template_id: r.document_template_id,
        document_preparation_url: r.document_preparation_url ?? null,
      },
      { headers: noStore },
    );
  } catch (err) {
    if (err instanceof ApiClientError) return NextResponse.json({ error: humanApiMessage(err.message) }, { status: err.status, headers: noStore });
    console.error("[dashboard] sending request status failed", err);
    return NextResponse.json({ error: "The status could not be read." }, { status: 502, headers: noStore });
  }
}
