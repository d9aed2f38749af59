/**
 * What the dashboard's server actions answer. They never throw to the
 * browser: an API refusal comes back as the spec's own message, with the
 * form control it belongs to when the action knows it.
 */
export type ActionResult<T> = { ok: true; data: T } | { ok: false; error: string; field?: string; status?: number };

/** An action's refusal, as react-query's mutation error. */
export class ActionFailure extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = "ActionFailure";
  }
}
