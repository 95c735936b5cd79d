import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Icon } from './icon';
import './popup.css';

interface PopupProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons pinned under the content (e.g. "Show games", "OK"). */
  footer?: ReactNode;
  /** Accessible name of the close button (translated by the caller). */
  closeLabel: string;
  /** `sheet` slides up from the bottom (filters, stake, system type); `dialog` is centred (confirmations). */
  variant?: 'sheet' | 'dialog';
}

/**
 * A modal popup on a native `<dialog>`: the browser gives focus trapping, Escape and the inert page behind it.
 * A tap on the backdrop closes it, and the focus returns to the element that opened it. Rendered only while open so closed popups cost nothing.
 */
export function Popup({ open, title, onClose, children, footer, closeLabel, variant = 'sheet' }: PopupProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // Opened in the commit that draws it, before the paint: a `<dialog>` without `open` is not shown, and Preact runs
  // passive effects only after the paint (the popup's first frame was missing, and its focus came a frame late).
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    // Whoever opened the popup gets the focus back when it closes (the dialog leaves the DOM while open, so the
    // browser's own focus restoring never runs).
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // jsdom has no showModal; the open attribute keeps the dialog visible there.
    if (typeof dialog.showModal === 'function' && !dialog.open) dialog.showModal();
    else dialog.setAttribute('open', '');
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [open]);
  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={`ui-popup ui-popup--${variant}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="ui-popup__panel">
        <header className="ui-popup__header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="ui-popup__close" aria-label={closeLabel} onClick={onClose}>
            <Icon name="close" />
          </button>
        </header>
        <div className="ui-popup__body">{children}</div>
        {footer && <footer className="ui-popup__footer">{footer}</footer>}
      </div>
    </dialog>
  );
}
