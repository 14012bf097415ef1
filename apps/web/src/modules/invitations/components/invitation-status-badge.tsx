import type { InvitationStatus } from '@sheaf/contracts/invitations';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../shared/ui/badge';
import { cn } from '../../../shared/ui/cn';

const STATUS_CLASSES: Record<InvitationStatus, string> = {
  pending: 'border-transparent bg-primary-soft text-primary-soft-foreground',
  accepted: 'border-transparent bg-success/15 text-success',
  rejected: 'border-transparent bg-danger/10 text-danger',
  expired: 'border-transparent bg-subtle text-muted-foreground',
  cancelled: 'border-transparent bg-subtle text-muted-foreground',
};

export function InvitationStatusBadge({ status }: { status: InvitationStatus }) {
  const { t } = useTranslation();
  return <Badge className={cn(STATUS_CLASSES[status])}>{t(`invitations.statuses.${status}`)}</Badge>;
}
