import { Button } from './button';
import { Popup } from './popup';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** While the confirmed action runs: both buttons are disabled. */
  busy?: boolean;
}

/** A centred yes / no question (spec §8: cash-out "are you sure", bet-auth dialog with one button). */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  busy = false,
}: ConfirmDialogProps) {
  return (
    <Popup
      open={open}
      title={title}
      onClose={onCancel}
      closeLabel={cancelLabel}
      variant="dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p className="ui-popup__text">{text}</p>
    </Popup>
  );
}
