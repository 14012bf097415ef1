import type { PaperlessImportStatus } from '@sheaf/contracts/paperless-imports';
import { Ban, CircleAlert, CircleCheck, Clock, LoaderCircle, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../shared/ui/badge';

const STATUS_LOOKS: Record<
  PaperlessImportStatus,
  { variant: 'default' | 'secondary' | 'outline' | 'destructive'; icon: LucideIcon }
> = {
  queued: { variant: 'outline', icon: Clock },
  running: { variant: 'default', icon: LoaderCircle },
  done: { variant: 'secondary', icon: CircleCheck },
  failed: { variant: 'destructive', icon: CircleAlert },
  cancelled: { variant: 'outline', icon: Ban },
};

/** An import's status in words, with an icon so it does not rest on colour alone. */
export function ImportStatusBadge({ status }: { status: PaperlessImportStatus }) {
  const { t } = useTranslation();
  const { variant, icon: Icon } = STATUS_LOOKS[status];
  return (
    <Badge variant={variant}>
      <Icon aria-hidden="true" className={status === 'running' ? 'motion-safe:animate-spin' : undefined} />
      {t(`paperless-imports.status.${status}`)}
    </Badge>
  );
}
