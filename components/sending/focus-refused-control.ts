/**
 * Takes the focus to the control an API refusal concerns (or its group's first
 * input) once the form is enabled again: it is disabled while the request
 * runs, and a disabled control cannot take the focus. Unless the person has
 * meanwhile gone on to another control: the move comes a moment later, and
 * taking the focus from where someone has started typing sends the rest of
 * their typing into the wrong box (seen in CI: a PIN typed after a refusal
 * landed in the e-mail field the refusal named, so the document went out
 * without a PIN).
 */
export function focusRefusedControl(control: HTMLElement) {
  setTimeout(() => {
    const active = document.activeElement;
    if (active instanceof HTMLElement && active.matches("input, select, textarea, [contenteditable]") && active !== control && !control.contains(active)) return;
    (control.tagName === "FIELDSET" ? control.querySelector<HTMLElement>("input, select, textarea") : control)?.focus();
  }, 50);
}
