import { NOTE_MAX_LENGTH } from '@sheaf/contracts/limits';
import { canDeleteNote, canEditNote, type NoteDto, splitNoteLinks } from '@sheaf/contracts/notes';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { CircleAlert, MessageSquare, Pencil, Trash2 } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, type RefObject, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useDateFormatter } from '../../../shared/format/date';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Button } from '../../../shared/ui/button';
import { useConfirm } from '../../../shared/ui/confirm-dialog';
import { FormError } from '../../../shared/ui/form-error';
import { Spinner } from '../../../shared/ui/spinner';
import { Textarea } from '../../../shared/ui/textarea';
import { Tooltip } from '../../../shared/ui/tooltip';
import { myMemberQueryOptions } from '../../members/api';
import { documentQueryOptions } from '../api';
import { documentNotesQueryOptions, useCreateNote, useDeleteNote, useUpdateNote } from '../notes-api';

/** The counter shows once a note is within a tenth of its maximum length. */
const COUNTER_FROM = Math.floor(NOTE_MAX_LENGTH * 0.9);

function isApplePlatform(): boolean {
  if (typeof navigator === 'undefined') return false;
  return /Mac|iPhone|iPad|iPod/i.test(navigator.platform || navigator.userAgent);
}

/** Ctrl+Enter, or Cmd+Enter on a Mac: Enter alone is a line break. */
function isSubmitShortcut(event: KeyboardEvent): boolean {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}

/** Only http(s) links are made clickable (splitNoteLinks finds no other; checked again before an href). */
const isWebLink = (href: string) => /^https?:\/\//i.test(href);

/** A note's text: its line breaks kept, its web links clickable, opening in a new tab. */
function NoteText({ content }: { content: string }) {
  const { t } = useTranslation();
  return (
    <p className="whitespace-pre-wrap break-words text-sm leading-relaxed">
      {splitNoteLinks(content).map((part, index) =>
        part.href && isWebLink(part.href) ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move.
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer"
            className="rounded-sm break-all text-primary underline underline-offset-2 outline-none hover:no-underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            {part.text}
            <span className="sr-only">{` ${t('documents.notes.opens-in-new-tab')}`}</span>
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move.
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}

type NoteEditorProps = {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  /** Escape calls it (the edit form); the add form has none. */
  onCancel?: () => void;
  submitLabel: string;
  isPending: boolean;
  error: string | undefined;
  textareaRef?: RefObject<HTMLTextAreaElement | null>;
  autoFocus?: boolean;
  placeholder?: string;
  /** The field's accessible name (a visually hidden label). */
  label: string;
};

/**
 * The text field of a note, to add or to edit: Enter is a line break, Ctrl/Cmd+Enter submits, Escape
 * cancels an edit; a counter shows near the maximum length.
 */
function NoteEditor({
  value,
  onChange,
  onSubmit,
  onCancel,
  submitLabel,
  isPending,
  error,
  textareaRef,
  autoFocus,
  placeholder,
  label,
}: NoteEditorProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const hintId = `${id}-hint`;
  const counterId = `${id}-counter`;
  const isEmpty = value.trim() === '';
  const remaining = NOTE_MAX_LENGTH - value.length;
  const showsCounter = value.length >= COUNTER_FROM;

  const submit = () => {
    if (!isEmpty && !isPending) onSubmit();
  };

  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Textarea
        id={id}
        ref={textareaRef}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (isSubmitShortcut(event)) {
            event.preventDefault();
            submit();
          } else if (event.key === 'Escape' && onCancel) {
            // Only the edit is cancelled: a dialog around the page must not close too.
            event.preventDefault();
            event.stopPropagation();
            onCancel();
          }
        }}
        maxLength={NOTE_MAX_LENGTH}
        placeholder={placeholder}
        autoFocus={autoFocus}
        aria-keyshortcuts="Control+Enter Meta+Enter"
        aria-describedby={showsCounter ? `${hintId} ${counterId}` : hintId}
        aria-invalid={error ? true : undefined}
        // Grows with its text (up to a limit), so a long note is edited without a scrollbar at once.
        className="field-sizing-content max-h-80 min-h-20 text-sm"
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={hintId} className="text-xs text-muted-foreground">
          {t(onCancel ? 'documents.notes.edit-shortcuts' : 'documents.notes.add-shortcut', {
            key: isApplePlatform() ? '⌘' : t('command-palette.ctrl-key'),
          })}
        </p>
        <div className="ml-auto flex items-center gap-2">
          {showsCounter ? (
            <span
              id={counterId}
              aria-live="polite"
              className={remaining <= 0 ? 'text-xs font-medium text-danger' : 'text-xs text-muted-foreground'}
            >
              {t('documents.notes.characters-left', {
                count: remaining,
                formatted: new Intl.NumberFormat(i18n.language).format(remaining),
              })}
            </span>
          ) : null}
          {onCancel ? (
            <Button type="button" variant="outline" size="sm" onClick={onCancel} disabled={isPending}>
              {t('documents.notes.cancel')}
            </Button>
          ) : null}
          <Button type="submit" size="sm" disabled={isEmpty} isLoading={isPending}>
            {submitLabel}
          </Button>
        </div>
      </div>
      <FormError>{error}</FormError>
    </form>
  );
}

type Viewer = Parameters<typeof canDeleteNote>[1];

/** The edit form in place of a note's text (its author only): saved, or cancelled with Escape. */
function EditNoteForm({
  organizationId,
  documentId,
  note,
  label,
  onDone,
}: {
  organizationId: string;
  documentId: string;
  note: NoteDto;
  label: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateNote(organizationId, documentId);
  const [draft, setDraft] = useState(note.content);

  const save = async () => {
    // The same text again is no edit: the note is not marked as edited.
    if (draft.trim() === note.content) {
      onDone();
      return;
    }
    try {
      await update.mutateAsync({ noteId: note.id, content: draft });
      toast.success(t('documents.notes.saved'));
      onDone();
    } catch {
      // Shown under the field by the mutation's error.
    }
  };

  return (
    <NoteEditor
      label={label}
      value={draft}
      onChange={setDraft}
      onSubmit={() => void save()}
      onCancel={onDone}
      submitLabel={t('documents.notes.save')}
      isPending={update.isPending}
      error={update.error ? getErrorMessage(update.error, t) : undefined}
      autoFocus
    />
  );
}

/** One note: author, time, "edited", the text; edit (its author) and delete (author, admins, owners). */
function NoteItem({
  organizationId,
  documentId,
  note,
  viewer,
  isReadOnly,
  onDelete,
}: {
  organizationId: string;
  documentId: string;
  note: NoteDto;
  viewer: Viewer;
  isReadOnly: boolean;
  onDelete: (note: NoteDto, author: string) => void;
}) {
  const { t } = useTranslation();
  const { formatRelative, formatDateTime } = useDateFormatter();
  const [isEditing, setIsEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const author = note.author?.name ?? t('documents.notes.deleted-author');
  const time = formatRelative(note.createdAt);
  const canEdit = !isReadOnly && canEditNote(note.author?.id ?? null, viewer);
  const canDelete = !isReadOnly && canDeleteNote(note.author?.id ?? null, viewer);

  const stopEditing = () => {
    setIsEditing(false);
    // Back to the control that opened the editor, once it is rendered again.
    requestAnimationFrame(() => editButton.current?.focus());
  };

  return (
    <li className="grid gap-1.5 border-b py-3 first:pt-0 last:border-b-0">
      <div className="flex min-w-0 items-center gap-2">
        <div className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-2 gap-y-0.5 text-sm">
          <span className="min-w-0 truncate font-medium">{author}</span>
          <Tooltip content={formatDateTime(note.createdAt)}>
            <time dateTime={note.createdAt} className="text-xs text-muted-foreground">
              {time}
            </time>
          </Tooltip>
          {note.updatedAt ? (
            <Tooltip content={t('documents.notes.edited-at', { date: formatDateTime(note.updatedAt) })}>
              <span className="text-xs text-muted-foreground italic">{t('documents.notes.edited')}</span>
            </Tooltip>
          ) : null}
        </div>
        {!isEditing && (canEdit || canDelete) ? (
          <div className="flex shrink-0 gap-0.5">
            {canEdit ? (
              <Tooltip content={t('documents.notes.edit-short')}>
                <Button
                  ref={editButton}
                  variant="ghost"
                  size="icon-sm"
                  aria-label={t('documents.notes.edit-label', { author, time })}
                  onClick={() => setIsEditing(true)}
                >
                  <Pencil aria-hidden="true" />
                </Button>
              </Tooltip>
            ) : null}
            {canDelete ? (
              <Tooltip content={t('documents.notes.delete-short')}>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  className="text-danger hover:bg-danger/10 hover:text-danger"
                  aria-label={t('documents.notes.delete-label', { author, time })}
                  onClick={() => onDelete(note, author)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </Tooltip>
            ) : null}
          </div>
        ) : null}
      </div>
      {isEditing ? (
        <EditNoteForm
          organizationId={organizationId}
          documentId={documentId}
          note={note}
          label={t('documents.notes.edit-field-label', { author, time })}
          onDone={stopEditing}
        />
      ) : (
        <NoteText content={note.content} />
      )}
    </li>
  );
}

/** The form under the notes: the text stays when adding fails, and is cleared (focus kept) when it works. */
function AddNoteForm({ organizationId, documentId }: { organizationId: string; documentId: string }) {
  const { t } = useTranslation();
  const create = useCreateNote(organizationId, documentId);
  const [content, setContent] = useState('');
  const textarea = useRef<HTMLTextAreaElement>(null);

  const add = async () => {
    try {
      await create.mutateAsync(content);
      setContent('');
      create.reset();
      toast.success(t('documents.notes.added'));
      textarea.current?.focus();
    } catch {
      // Shown under the field by the mutation's error.
    }
  };

  return (
    <NoteEditor
      label={t('documents.notes.add-label')}
      placeholder={t('documents.notes.add-placeholder')}
      value={content}
      onChange={setContent}
      onSubmit={() => void add()}
      submitLabel={t('documents.notes.add')}
      isPending={create.isPending}
      error={create.error ? getErrorMessage(create.error, t) : undefined}
      textareaRef={textarea}
    />
  );
}

/**
 * A document's notes (issue 29): oldest first, a page at a time, with their author and time; the
 * viewer adds notes, edits their own, and deletes their own (any, as an admin or owner). A document
 * in the trash shows its notes without changing them.
 */
export function DocumentNotes({
  organizationId,
  documentId,
}: {
  organizationId: string;
  documentId: string;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const notes = useInfiniteQuery(documentNotesQueryOptions(organizationId, documentId));
  const me = useQuery(myMemberQueryOptions(organizationId));
  const document = useQuery(documentQueryOptions(organizationId, documentId));
  const isReadOnly = document.data?.isDeleted ?? false;
  const viewer: Viewer = me.data ? { userId: me.data.user.id, role: me.data.role } : undefined;
  const confirm = useConfirm();
  const remove = useDeleteNote(organizationId, documentId);

  const deleteNote = async (note: NoteDto, author: string) => {
    const isConfirmed = await confirm({
      title: t('documents.notes.delete-title'),
      description: t('documents.notes.delete-description', { author }),
      confirmLabel: t('documents.notes.delete-confirm'),
    });
    if (!isConfirmed) return;
    try {
      await remove.mutateAsync(note.id);
      toast.success(t('documents.notes.deleted'));
    } catch (error) {
      toast.error(getErrorMessage(error, t));
    }
  };

  // Pages are offsets: a note added between two pages may come twice.
  const loaded = [
    ...new Map(
      (notes.data?.pages ?? []).flatMap((page) => page.notes).map((note) => [note.id, note]),
    ).values(),
  ];
  const notesCount = notes.data?.pages.at(-1)?.notesCount ?? 0;
  const remaining = Math.max(notesCount - loaded.length, 0);

  let body: ReactNode;
  if (notes.isPending) {
    body = (
      <div className="flex justify-center py-4">
        <Spinner />
      </div>
    );
  } else if (notes.isError) {
    body = (
      <div
        role="alert"
        className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-danger/30 bg-danger/5 px-3 py-2 text-sm"
      >
        <span className="flex items-center gap-2 text-danger">
          <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
          {t('documents.notes.load-error')}
        </span>
        <Button variant="outline" size="sm" onClick={() => void notes.refetch()} isLoading={notes.isFetching}>
          {t('documents.load-error.retry')}
        </Button>
      </div>
    );
  } else if (loaded.length === 0) {
    body = <p className="text-sm text-muted-foreground">{t('documents.notes.empty')}</p>;
  } else {
    body = (
      <>
        <ol className="grid" aria-labelledby={headingId}>
          {loaded.map((note) => (
            <NoteItem
              key={note.id}
              organizationId={organizationId}
              documentId={documentId}
              note={note}
              viewer={viewer}
              isReadOnly={isReadOnly}
              onDelete={(target, author) => void deleteNote(target, author)}
            />
          ))}
        </ol>
        {notes.hasNextPage && remaining > 0 ? (
          <div className="flex justify-center">
            <Button
              variant="outline"
              size="sm"
              isLoading={notes.isFetchingNextPage}
              onClick={() => void notes.fetchNextPage()}
            >
              {t('documents.notes.show-more', { count: remaining })}
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
        <MessageSquare className="size-4 text-muted-foreground" aria-hidden="true" />
        {t('documents.notes.title')}
        {notesCount > 0 ? (
          <span className="rounded-full bg-muted px-1.5 text-xs font-medium text-muted-foreground tabular-nums">
            <span className="sr-only">(</span>
            {notesCount}
            <span className="sr-only">)</span>
          </span>
        ) : null}
      </h2>
      {body}
      {isReadOnly ? null : <AddNoteForm organizationId={organizationId} documentId={documentId} />}
    </section>
  );
}
