import { OverlayToaster, Position, type Toaster, type ToastProps } from '@blueprintjs/core';

let toaster: Promise<Toaster> | null = null;

/** Shows a toast in the app-wide toaster (created on first use). */
export const showToast = (props: ToastProps): void => {
  toaster ??= OverlayToaster.create({ position: Position.TOP_RIGHT, maxToasts: 4 });
  void toaster.then((t) => t.show(props));
};
