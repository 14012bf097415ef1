import { COPY_FEEDBACK_MS } from '@sheaf/contracts/limits';
import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from './button';

type CopyButtonProps = Omit<ButtonProps, 'onClick' | 'children'> & {
  text: string;
  /** Called when the clipboard refuses (insecure context), so the caller can select the text instead. */
  onCopyFailed?: () => void;
  /** Accessible name while not copied, when the button shows its icon only. */
  label?: string;
  iconOnly?: boolean;
};

/** Copies `text` and shows a copied state for 2 seconds. */
export function CopyButton({
  text,
  onCopyFailed,
  label,
  iconOnly = false,
  variant = 'outline',
  ...props
}: CopyButtonProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      onCopyFailed?.();
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
  };

  const caption = copied ? t('ui.copy.copied') : (label ?? t('ui.copy.copy'));
  return (
    <Button
      variant={variant}
      onClick={() => void copy()}
      aria-label={iconOnly ? caption : undefined}
      title={iconOnly ? caption : undefined}
      {...props}
    >
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {iconOnly ? null : <span aria-live="polite">{caption}</span>}
    </Button>
  );
}
