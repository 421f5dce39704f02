import { OverlayToaster, Position, type Toaster, type ToastProps } from '@blueprintjs/core';

let toaster: Promise<Toaster> | null = null;

/** Shows a toast in the app-wide toaster (created on first use), at the bottom: never over the app bar and the user name. */
export const showToast = (props: ToastProps): void => {
  toaster ??= OverlayToaster.create({ position: Position.BOTTOM, maxToasts: 4 });
  void toaster.then((t) => t.show(props));
};

/** Whether a toast was ever shown (tests wait for the toaster's exit transitions only then). */
export const toasterInUse = (): boolean => toaster !== null;

/** Dismisses every toast (tests end with no toast timer left running after their page is gone). */
export const clearToasts = async (): Promise<void> => {
  if (toaster) (await toaster).clear();
};

/**
 * A success toast of a call's answer text in the user's language (serverText). The message catalogues it needs are
 * loaded on demand, so a page that imports this (the dashboard) does not carry them in its first load.
 */
export const showServerText = async (text: string): Promise<void> => {
  const { serverText } = await import('./serverText');
  showToast({ intent: 'success', message: serverText(text) });
};
