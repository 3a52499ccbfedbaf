import { createContext, useContext, useEffect, useId, useRef, type ReactNode } from "react";
import { Link } from "react-router";

const WIDTHS = { sm: "w-[min(26rem,calc(100%-2rem))]", md: "w-[min(28rem,calc(100%-2rem))]", lg: "w-[min(32rem,calc(100%-2rem))]", xl: "w-[min(40rem,calc(100%-2rem))]" } as const;

/** Closes the dialog around it, as Escape does (its onClose runs once). */
const CloseContext = createContext<() => void>(() => {});
export const useCloseDialog = () => useContext(CloseContext);

export interface DialogProps {
  /** Shown as a modal while true; a false closes it without calling onClose again. */
  open: boolean;
  /** Runs once whenever the dialog closes: Escape, the ✕, a `method="dialog"` form, useCloseDialog. */
  onClose: () => void;
  /** The heading, which names the dialog for assistive technology. */
  title: ReactNode;
  /** A line under the heading, read as the dialog's description. */
  description?: ReactNode;
  /** The ✕ button's label; without it the dialog's own buttons close it. */
  closeLabel?: string;
  /** For a dialog with its own URL: the ✕ is a link there, so it works before JavaScript runs. */
  closeHref?: string;
  /**
   * Rendered open by the server, readable and usable without JavaScript; a real modal once
   * hydrated. Otherwise the dialog exists only in the browser's top layer.
   */
  openOnServer?: boolean;
  width?: keyof typeof WIDTHS;
  testId?: string;
  children: ReactNode;
}

/**
 * The one modal dialog: the browser's own `<dialog>` shown with showModal(), so the page behind is
 * inert (focus stays inside) and Escape closes it; focus goes back to what opened it; it is named by
 * its heading and described by its description line.
 */
export function Dialog({ open, onClose, title, description, closeLabel, closeHref, openOnServer = false, width = "md", testId, children }: DialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  /** What had focus before the dialog opened, focused again when it closes. */
  const opener = useRef<HTMLElement | null>(null);
  /** Set while the dialog is closed because `open` turned false: that close is not the user's. */
  const closingQuietly = useRef(false);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.matches(":modal")) {
      opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
      // Removing the server's attribute (unlike close()) fires no close event, which would end the dialog at once.
      d.removeAttribute("open");
      d.showModal();
    } else if (!open && d.open) {
      closingQuietly.current = true;
      d.close();
    }
  }, [open]);
  // Unmounted while open (its owner went away): out of the top layer, and focus back where it was.
  useEffect(() => {
    const d = dialog.current;
    return () => {
      if (!d?.open) return;
      closingQuietly.current = true;
      d.close();
      returnFocus();
    };
  }, []);

  function returnFocus() {
    const target = opener.current;
    opener.current = null;
    // Only where the focus would otherwise be lost: a close that moved focus on (a link followed) keeps it.
    if (target?.isConnected && (document.activeElement === document.body || document.activeElement === null)) target.focus();
  }
  function closed() {
    returnFocus();
    if (closingQuietly.current) closingQuietly.current = false;
    else onCloseRef.current();
  }
  const close = () => dialog.current?.close();

  return (
    <dialog
      ref={dialog}
      open={openOnServer && open ? true : undefined}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={closed}
      data-testid={testId}
      className={`z-50 m-auto max-h-[85vh] overflow-y-auto rounded-2xl bg-white p-6 shadow-xl backdrop:bg-black/40 ${WIDTHS[width]}`}
    >
      <div className="flex items-start justify-between gap-4">
        <h2 id={titleId} className="flex items-center gap-2 text-xl font-bold">
          {title}
        </h2>
        {closeLabel &&
          (closeHref ? (
            <Link
              to={closeHref}
              replace
              preventScrollReset
              onClick={(event) => {
                event.preventDefault();
                close();
              }}
              className="rounded-full p-2 text-muted hover:bg-canvas"
              aria-label={closeLabel}
            >
              ✕
            </Link>
          ) : (
            <button type="button" onClick={close} className="rounded-full p-2 text-muted hover:bg-canvas" aria-label={closeLabel}>
              ✕
            </button>
          ))}
      </div>
      {description && (
        <p id={descriptionId} className="mt-2 text-sm text-muted">
          {description}
        </p>
      )}
      <CloseContext.Provider value={close}>{children}</CloseContext.Provider>
    </dialog>
  );
}

/** A button of the dialog's own that closes it (Cancel, Continue shopping). */
export function DialogCloseButton({ className, children }: { className: string; children: ReactNode }) {
  const close = useCloseDialog();
  return (
    <button type="button" onClick={close} className={className}>
      {children}
    </button>
  );
}
