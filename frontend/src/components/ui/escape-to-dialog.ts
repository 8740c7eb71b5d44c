/**
 * Escape belongs to the dialog the user is in. Radix gives Escape to the newest dismissable
 * layer, and a toast raised while a dialog is open (an "Invalid Amount" from the stake form) is
 * newer than the dialog, so Escape would close the toast and leave the user in the dialog.
 * A toast hands such a press over here; the dialog it was pressed in closes instead.
 */
const handedOver = new WeakSet<Event>();

/** For a toast's onEscapeKeyDown: keeps the toast and marks the press for the focused dialog. */
export function handEscapeToFocusedDialog(event: KeyboardEvent): void {
  const focused = document.activeElement;
  if (!focused?.closest('[role="dialog"], [role="alertdialog"]')) return;
  event.preventDefault();
  handedOver.add(event);
}

/** Whether a toast handed this Escape press over to the dialog it reaches. */
export function isEscapeHandedToDialog(event: Event): boolean {
  return handedOver.has(event);
}
