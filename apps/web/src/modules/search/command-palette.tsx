import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { Command } from 'cmdk';
import { ArrowRight, Monitor, Moon, Search, Sun, X } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { THEME_MODES, type ThemeMode } from '../../shared/theme/theme';
import { useTheme } from '../../shared/theme/theme-provider';
import { cn } from '../../shared/ui/cn';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '../../shared/ui/dialog';
import { HighlightedText } from '../../shared/ui/highlighted-text';
import { Spinner } from '../../shared/ui/spinner';
import { FileTypeIcon } from '../documents/file-type-icon';
import { SearchSyntaxHelp } from '../documents/search-syntax-help';
import { useDocumentSearch } from './use-document-search';

const organizationRouteApi = getRouteApi('/private/organizations/$organizationId');

const THEME_ICONS = { light: Sun, dark: Moon, system: Monitor } as const satisfies Record<ThemeMode, unknown>;

/** Ctrl+K, or Cmd+K on a Mac. */
export function isPaletteShortcut(event: KeyboardEvent): boolean {
  return (
    (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k'
  );
}

function isApplePlatform(): boolean {
  if (typeof navigator === 'undefined') return false;
  return /Mac|iPhone|iPad|iPod/i.test(navigator.platform || navigator.userAgent);
}

/* Whether the palette is open: one palette per page, opened by the shortcut or by any trigger. */
let isPaletteOpen = false;
/** Where focus goes back when the palette closes: the trigger, or whatever had focus on Ctrl+K. */
let focusBeforeOpen: HTMLElement | null = null;
const openListeners = new Set<() => void>();

function setPaletteOpen(next: boolean) {
  if (isPaletteOpen === next) return;
  if (next && typeof document !== 'undefined') {
    focusBeforeOpen = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  isPaletteOpen = next;
  for (const listener of openListeners) listener();
}

function subscribeToPalette(listener: () => void) {
  openListeners.add(listener);
  return () => {
    openListeners.delete(listener);
  };
}

function useIsPaletteOpen(): boolean {
  return useSyncExternalStore(
    subscribeToPalette,
    () => isPaletteOpen,
    () => false,
  );
}

/** Opens the command palette (when one is mounted). */
export function openCommandPalette() {
  setPaletteOpen(true);
}

/** The top-bar search button: looks like a search field, with the shortcut hint; an icon on narrow screens. */
export function CommandPaletteTrigger({ className }: { className?: string }) {
  const { t } = useTranslation();
  const isOpen = useIsPaletteOpen();
  const [isApple] = useState(isApplePlatform);

  return (
    <button
      type="button"
      onClick={openCommandPalette}
      aria-label={t('command-palette.open')}
      aria-haspopup="dialog"
      aria-expanded={isOpen}
      aria-keyshortcuts={isApple ? 'Meta+K' : 'Control+K'}
      className={cn(
        'inline-flex h-9 shrink-0 items-center gap-2 rounded-md text-sm text-muted-foreground transition-colors outline-none',
        'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
        'w-9 justify-center hover:bg-muted hover:text-foreground',
        'sm:w-56 sm:justify-start sm:border sm:border-input sm:bg-surface sm:px-2.5 sm:shadow-sm sm:hover:bg-muted/60 md:w-64',
        className,
      )}
    >
      <Search className="size-4 shrink-0" aria-hidden="true" />
      <span className="hidden flex-1 truncate text-left sm:inline">{t('command-palette.trigger')}</span>
      <span
        aria-hidden="true"
        className="hidden h-5 items-center gap-0.5 rounded border bg-muted px-1.5 font-sans text-[0.6875rem] font-medium text-muted-foreground sm:inline-flex"
      >
        {isApple ? '⌘' : t('command-palette.ctrl-key')}
        <span>K</span>
      </span>
    </button>
  );
}

/**
 * The command palette of an organization (spec §2, §4), mounted once in the organization layout: opens on
 * Ctrl+K / Cmd+K anywhere on the page and from the top-bar trigger. Its content mounts on open, so every
 * opening starts with no query and no results.
 */
export function CommandPalette() {
  const { t } = useTranslation();
  const open = useIsPaletteOpen();

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isPaletteShortcut(event)) {
        event.preventDefault();
        setPaletteOpen(true);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      setPaletteOpen(false);
    };
  }, []);

  return (
    <Dialog open={open} onOpenChange={setPaletteOpen}>
      <DialogContent
        showCloseButton={false}
        onCloseAutoFocus={(event) => {
          // No Radix trigger here: send focus back to where it was before the palette opened.
          event.preventDefault();
          if (focusBeforeOpen?.isConnected) focusBeforeOpen.focus();
          focusBeforeOpen = null;
        }}
        // On short windows (400 % zoom) the palette starts near the top and scrolls as a whole.
        className="top-[10dvh] max-h-[calc(90dvh-0.5rem)] max-w-xl translate-y-0 gap-0 overflow-y-auto p-0 sm:top-[18dvh] sm:max-h-[calc(82dvh-0.5rem)] sm:p-0"
      >
        <DialogTitle className="sr-only">{t('command-palette.title')}</DialogTitle>
        <DialogDescription className="sr-only">{t('command-palette.description')}</DialogDescription>
        <CommandPaletteBody onDone={() => setPaletteOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

const itemClasses = cn(
  'flex cursor-pointer select-none items-center gap-2.5 rounded-md px-2.5 py-2 text-sm outline-none',
  'data-[selected=true]:bg-muted data-[selected=true]:text-foreground',
  'data-[disabled=true]:pointer-events-none data-[disabled=true]:opacity-50',
);

const groupClasses = cn(
  '[&_[cmdk-group-heading]]:px-2.5 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1',
  '[&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground',
);

function CommandPaletteBody({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const { organizationId } = organizationRouteApi.useParams();
  const navigate = useNavigate();
  const { setTheme } = useTheme();
  const search = useDocumentSearch(organizationId);

  const query = search.query.trim().toLocaleLowerCase();
  const formattedCount = new Intl.NumberFormat(i18n.language).format(search.documentsCount);
  const resultsCount = search.documentsCountIsCapped
    ? t('command-palette.results-count-capped', { formatted: formattedCount })
    : t('command-palette.results-count', { count: search.documentsCount, formatted: formattedCount });
  const seeAllLabel = search.documentsCountIsCapped
    ? t('command-palette.see-all-capped', { formatted: formattedCount })
    : t('command-palette.see-all', { count: search.documentsCount, formatted: formattedCount });
  const themeHeading = t('command-palette.sections.theme');
  const themeActions = THEME_MODES.map((mode) => ({
    mode,
    label: t(`command-palette.theme.${mode}`),
    Icon: THEME_ICONS[mode],
  })).filter(
    ({ label }) =>
      query === '' ||
      label.toLocaleLowerCase().includes(query) ||
      themeHeading.toLocaleLowerCase().includes(query),
  );

  const noResults =
    !search.isLoading && search.documents.length === 0 && themeActions.length === 0 && query !== '';

  return (
    <Command
      label={t('command-palette.input-label')}
      shouldFilter={false}
      loop
      vimBindings={false}
      className="flex flex-col"
    >
      <div className="flex items-center gap-2 border-b px-3">
        <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <Command.Input
          value={search.query}
          onValueChange={search.setQuery}
          placeholder={t('command-palette.placeholder')}
          className="h-12 min-w-0 flex-1 bg-transparent text-[0.9375rem] text-foreground outline-none placeholder:text-muted-foreground"
        />
        {search.isLoading ? (
          <Spinner size="sm" label={t('command-palette.loading')} className="text-muted-foreground" />
        ) : null}
        <SearchSyntaxHelp />
        <DialogClose
          aria-label={t('command-palette.dismiss')}
          className={cn(
            'inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted-foreground outline-none',
            'transition-colors hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
          )}
        >
          <X className="size-4" aria-hidden="true" />
        </DialogClose>
      </div>
      <Command.List
        aria-busy={search.isLoading || undefined}
        className="max-h-[min(26rem,55dvh)] min-h-16 overflow-y-auto overscroll-contain p-1.5"
      >
        {/* An option, disabled, rather than cmdk's Empty: a listbox must hold options (axe). */}
        {noResults ? (
          <Command.Item
            value="no-results"
            disabled
            className="justify-center px-3 py-8 text-center text-sm text-muted-foreground data-[disabled=true]:opacity-100"
          >
            {t('command-palette.empty')}
          </Command.Item>
        ) : null}
        {search.documents.length > 0 ? (
          <Command.Group heading={t('command-palette.sections.documents')} className={groupClasses}>
            {search.documents.map((document) => (
              <Command.Item
                key={document.id}
                value={`document:${document.id}`}
                className={cn(itemClasses, document.snippet ? 'items-start' : undefined)}
                onSelect={() => {
                  onDone();
                  void navigate({
                    to: '/organizations/$organizationId/documents/$documentId',
                    params: { organizationId, documentId: document.id },
                  });
                }}
              >
                <FileTypeIcon mimeType={document.mimeType} className="size-7 rounded-md" />
                <span className="grid min-w-0 flex-1">
                  <span className="truncate">{document.name}</span>
                  {document.snippet ? (
                    <HighlightedText
                      text={document.snippet}
                      ranges={document.matches}
                      className="line-clamp-2 text-xs leading-snug break-words text-muted-foreground"
                    />
                  ) : null}
                </span>
              </Command.Item>
            ))}
            {/* The list takes the query further: filters, sorts and pages of every hit. */}
            <Command.Item
              value="documents:see-all"
              className={itemClasses}
              onSelect={() => {
                onDone();
                void navigate({
                  to: '/organizations/$organizationId/documents',
                  params: { organizationId },
                  search: { q: search.query.trim() },
                });
              }}
            >
              <span className="flex size-7 shrink-0 items-center justify-center text-muted-foreground">
                <ArrowRight className="size-4" aria-hidden="true" />
              </span>
              <span className="flex-1 truncate">{seeAllLabel}</span>
            </Command.Item>
          </Command.Group>
        ) : null}
        {themeActions.length > 0 ? (
          <Command.Group heading={themeHeading} className={groupClasses}>
            {themeActions.map(({ mode, label, Icon }) => (
              <Command.Item
                key={mode}
                value={`theme:${mode}`}
                className={itemClasses}
                onSelect={() => {
                  setTheme(mode);
                  onDone();
                }}
              >
                <span className="flex size-7 shrink-0 items-center justify-center text-muted-foreground">
                  <Icon className="size-4" aria-hidden="true" />
                </span>
                <span className="flex-1 truncate">{label}</span>
              </Command.Item>
            ))}
          </Command.Group>
        ) : null}
      </Command.List>
      {/*
        A live region always in the page (one added along with its text is not read): the count, shown
        under the results, or "No results", said only (the list shows it).
      */}
      <p
        role="status"
        className={
          search.documents.length > 0
            ? 'border-t px-3 py-2 text-xs text-muted-foreground tabular-nums'
            : 'sr-only'
        }
      >
        {search.documents.length > 0 ? resultsCount : noResults ? t('command-palette.empty') : ''}
      </p>
    </Command>
  );
}
