import type { DocumentListItemDto } from '@sheaf/contracts/documents';
import { useNavigate } from '@tanstack/react-router';
import { FileSearch, MoreVertical, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../shared/ui/dropdown-menu';
import { useConfirmDeleteDocument } from '../use-confirm-delete-document';
import { RenameDocumentDialog } from './rename-document-dialog';

/** A row's menu (spec §2): Document details, Rename document, Delete document. */
export function DocumentRowMenu({
  organizationId,
  document,
}: {
  organizationId: string;
  document: DocumentListItemDto;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [isRenameOpen, setIsRenameOpen] = useState(false);
  const confirmDelete = useConfirmDeleteDocument(organizationId);

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={t('documents.table.row-actions', { name: document.name })}
          >
            <MoreVertical aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem
            onSelect={() =>
              void navigate({
                to: '/organizations/$organizationId/documents/$documentId',
                params: { organizationId, documentId: document.id },
              })
            }
          >
            <FileSearch aria-hidden="true" />
            {t('documents.actions.details')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setIsRenameOpen(true)}>
            <Pencil aria-hidden="true" />
            {t('documents.actions.rename')}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" onSelect={() => void confirmDelete(document)}>
            <Trash2 aria-hidden="true" />
            {t('documents.actions.delete')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <RenameDocumentDialog
        organizationId={organizationId}
        document={document}
        open={isRenameOpen}
        onOpenChange={setIsRenameOpen}
      />
    </>
  );
}
