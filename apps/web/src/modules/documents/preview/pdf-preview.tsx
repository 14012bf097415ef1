import { FileLock, FileWarning } from 'lucide-react';
import {
  GlobalWorkerOptions,
  getDocument,
  type PDFDocumentProxy,
  version as pdfjsVersion,
  RenderingCancelledException,
  type RenderTask,
} from 'pdfjs-dist/legacy/build/pdf.mjs';
import workerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';
import { memo, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/ui/empty-state';
import { Spinner } from '../../../shared/ui/spinner';
import { PreviewError, PreviewLoading } from './preview-states';

// pdf.js's legacy build, not the modern one: the modern build calls Map.prototype.getOrInsertComputed
// without a polyfill and so fails in browsers a few months old (Chrome 144, Safari 18; mozilla/pdf.js#20680).
// The worker is a same-origin module: allowed by the CSP's worker-src 'self'.
GlobalWorkerOptions.workerSrc = workerUrl;

/** Where the build puts pdf.js's data files (pdfjs-data-plugin.ts), below the app's base path. */
const pdfjsDataUrl = `${import.meta.env.BASE_URL}assets/pdfjs-${pdfjsVersion}/`;

/**
 * pdf.js fetches these on demand: CMaps for CJK text with fonts that are not embedded, the
 * standard fonts, the WebAssembly image decoders (JPEG 2000 scans render only with them; the CSP
 * allows 'wasm-unsafe-eval') and ICC profiles of CMYK images.
 */
const PDFJS_DATA_OPTIONS = {
  cMapUrl: `${pdfjsDataUrl}cmaps/`,
  cMapPacked: true,
  standardFontDataUrl: `${pdfjsDataUrl}standard_fonts/`,
  wasmUrl: `${pdfjsDataUrl}wasm/`,
  iccUrl: `${pdfjsDataUrl}iccs/`,
};

type PageSize = { width: number; height: number };

type ObservePage = (element: Element, onNearChange: (isNear: boolean) => void) => () => void;

/** Beyond this many canvas pixels browsers refuse to allocate (iOS) or slow down; big pages render coarser. */
const MAX_CANVAS_PIXELS = 16_777_216;
/** Width changes settle for this long before pages render again at the new size. */
const RESIZE_DEBOUNCE_MS = 150;

type LoadState =
  | { status: 'loading' }
  | { status: 'error'; isPasswordProtected: boolean; isDamaged: boolean }
  | { status: 'ready'; pdf: PDFDocumentProxy; firstPageSize: PageSize };

/** Renders every page of the PDF at `url`, fitted to the width, each page only when it scrolls near. */
export default function PdfPreview({ url }: { url: string }) {
  const [attempt, setAttempt] = useState(0);
  // A new key on retry: a fresh loading task and state.
  return <PdfDocument key={attempt} url={url} onRetry={() => setAttempt((value) => value + 1)} />;
}

function PdfDocument({ url, onRetry }: { url: string; onRetry: () => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<LoadState>({ status: 'loading' });

  useEffect(() => {
    // From a URL (not downloaded bytes), so pdf.js streams the file and asks for ranges: the first page
    // shows before a large file is fully downloaded. No eval: the CSP forbids it.
    const loadingTask = getDocument({
      url,
      withCredentials: true,
      isEvalSupported: false,
      ...PDFJS_DATA_OPTIONS,
    });
    let isActive = true;
    loadingTask.promise
      .then(async (pdf) => {
        const firstPage = await pdf.getPage(1);
        const { width, height } = firstPage.getViewport({ scale: 1 });
        if (isActive) {
          setState({ status: 'ready', pdf, firstPageSize: { width, height } });
        }
      })
      .catch((error: unknown) => {
        if (isActive) {
          const name = error instanceof Error ? error.name : '';
          setState({
            status: 'error',
            isPasswordProtected: name === 'PasswordException',
            // The file itself is not a readable PDF: trying again will not help.
            isDamaged: name === 'InvalidPDFException' || name === 'FormatError',
          });
        }
      });
    return () => {
      isActive = false;
      // Also stops the worker and any page render still running.
      void loadingTask.destroy();
    };
  }, [url]);

  if (state.status === 'loading') {
    return <PreviewLoading />;
  }
  if (state.status === 'error') {
    if (state.isPasswordProtected) {
      return (
        <EmptyState
          icon={FileLock}
          title={t('documents.preview.password-title')}
          description={t('documents.preview.password-description')}
        />
      );
    }
    if (state.isDamaged) {
      return (
        <EmptyState
          icon={FileWarning}
          title={t('documents.preview.damaged-title')}
          description={t('documents.preview.damaged-description')}
        />
      );
    }
    return <PreviewError onRetry={onRetry} />;
  }
  return <PdfPages pdf={state.pdf} firstPageSize={state.firstPageSize} />;
}

function PdfPages({ pdf, firstPageSize }: { pdf: PDFDocumentProxy; firstPageSize: PageSize }) {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLElement>(null);
  const observerRef = useRef<IntersectionObserver | null>(null);
  const listenersRef = useRef(new Map<Element, (isNear: boolean) => void>());
  const pageWidth = useDebouncedWidth(containerRef);
  const pixelRatio = useDevicePixelRatio();

  // One observer for all pages, created on the first subscription: child effects run before this
  // component's, but the container ref is already set by then.
  const observe = useCallback<ObservePage>((element, onNearChange) => {
    if (!observerRef.current) {
      observerRef.current = new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            listenersRef.current.get(entry.target)?.(entry.isIntersecting);
          }
        },
        // "Near": within one container height above or below what is shown.
        { root: containerRef.current, rootMargin: '100% 0px' },
      );
    }
    const observer = observerRef.current;
    listenersRef.current.set(element, onNearChange);
    observer.observe(element);
    return () => {
      listenersRef.current.delete(element);
      observer.unobserve(element);
    };
  }, []);

  useEffect(
    () => () => {
      observerRef.current?.disconnect();
      observerRef.current = null;
    },
    [],
  );

  const pageNumbers = Array.from({ length: pdf.numPages }, (_, index) => index + 1);
  return (
    <section
      ref={containerRef}
      aria-label={t('documents.preview.label')}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the pages scroll, and a scrollable region must be reachable by keyboard.
      tabIndex={0}
      className="max-h-[80vh] overflow-y-auto rounded-xl border bg-muted p-3 outline-none focus-visible:ring-2 focus-visible:ring-ring [scrollbar-gutter:stable] sm:p-4"
    >
      <div className="flex flex-col gap-3">
        {pageNumbers.map((pageNumber) => (
          <PdfPage
            key={pageNumber}
            pdf={pdf}
            pageNumber={pageNumber}
            defaultSize={firstPageSize}
            pageWidth={pageWidth}
            pixelRatio={pixelRatio}
            observe={observe}
          />
        ))}
      </div>
    </section>
  );
}

type PdfPageProps = {
  pdf: PDFDocumentProxy;
  pageNumber: number;
  /** The first page's size, used for the placeholder until this page's own size is known. */
  defaultSize: PageSize;
  /** CSS pixels; 0 until measured. */
  pageWidth: number;
  pixelRatio: number;
  observe: ObservePage;
};

const PdfPage = memo(function PdfPage({
  pdf,
  pageNumber,
  defaultSize,
  pageWidth,
  pixelRatio,
  observe,
}: PdfPageProps) {
  const { t } = useTranslation();
  const sheetRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [isNear, setIsNear] = useState(false);
  const [ownSize, setOwnSize] = useState<PageSize>();
  const [status, setStatus] = useState<'idle' | 'rendered' | 'error'>('idle');

  useEffect(() => {
    const sheet = sheetRef.current;
    return sheet ? observe(sheet, setIsNear) : undefined;
  }, [observe]);

  useEffect(() => {
    if (!isNear || pageWidth === 0) {
      return;
    }
    let isActive = true;
    let renderTask: RenderTask | undefined;
    (async () => {
      const page = await pdf.getPage(pageNumber);
      if (!isActive) return;
      const base = page.getViewport({ scale: 1 });
      setOwnSize({ width: base.width, height: base.height });
      let scale = (pageWidth / base.width) * pixelRatio;
      if (base.width * base.height * scale * scale > MAX_CANVAS_PIXELS) {
        scale = Math.sqrt(MAX_CANVAS_PIXELS / (base.width * base.height));
      }
      const viewport = page.getViewport({ scale });
      // Drawn off screen then copied, so a page shown at the old size stays until the new one is ready.
      const buffer = document.createElement('canvas');
      buffer.width = Math.max(1, Math.floor(viewport.width));
      buffer.height = Math.max(1, Math.floor(viewport.height));
      renderTask = page.render({ canvas: buffer, viewport });
      await renderTask.promise;
      const canvas = canvasRef.current;
      if (!isActive || !canvas) return;
      canvas.width = buffer.width;
      canvas.height = buffer.height;
      canvas.getContext('2d')?.drawImage(buffer, 0, 0);
      buffer.width = 0;
      buffer.height = 0;
      setStatus('rendered');
    })().catch((error: unknown) => {
      if (isActive && !(error instanceof RenderingCancelledException)) {
        setStatus('error');
      }
    });
    return () => {
      isActive = false;
      renderTask?.cancel();
    };
  }, [isNear, pageWidth, pixelRatio, pdf, pageNumber]);

  useEffect(() => {
    if (isNear) {
      return;
    }
    // Far from view: free the bitmap (a few MB per page) and pdf.js's page data; it renders again on return.
    const canvas = canvasRef.current;
    if (canvas && canvas.width > 0) {
      canvas.width = 0;
      canvas.height = 0;
      void pdf
        .getPage(pageNumber)
        .then((page) => page.cleanup())
        .catch(() => {});
    }
    setStatus((current) => (current === 'rendered' ? 'idle' : current));
  }, [isNear, pdf, pageNumber]);

  const size = ownSize ?? defaultSize;
  const label = t('documents.preview.page-label', { page: pageNumber, pageCount: pdf.numPages });
  return (
    <div
      ref={sheetRef}
      className="relative w-full overflow-hidden rounded-sm bg-white shadow-sm ring-1 ring-black/10 dark:ring-white/15"
      style={{ aspectRatio: `${size.width} / ${size.height}` }}
    >
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={label}
        className="absolute inset-0 size-full"
        width={0}
        height={0}
      />
      {status === 'idle' && isNear ? (
        <div className="absolute inset-0 flex items-center justify-center text-neutral-400">
          <Spinner size="md" decorative />
        </div>
      ) : null}
      {status === 'error' ? (
        <p className="absolute inset-0 flex items-center justify-center p-4 text-center text-sm text-neutral-600">
          {t('documents.preview.page-error')}
        </p>
      ) : null}
    </div>
  );
});

/** The content width of the element, updated as it resizes (debounced after the first measure). */
function useDebouncedWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const measure = () => {
      const style = getComputedStyle(element);
      const padding = Number.parseFloat(style.paddingLeft) + Number.parseFloat(style.paddingRight);
      return Math.max(0, Math.floor(element.clientWidth - padding));
    };
    setWidth(measure());
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(() => setWidth(measure()), RESIZE_DEBOUNCE_MS);
    });
    observer.observe(element);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [ref]);
  return width;
}

/** window.devicePixelRatio, updated when it changes (browser zoom, moving to another screen). */
function useDevicePixelRatio(): number {
  const [ratio, setRatio] = useState(() => window.devicePixelRatio || 1);
  useEffect(() => {
    const media = window.matchMedia(`(resolution: ${ratio}dppx)`);
    const onChange = () => setRatio(window.devicePixelRatio || 1);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, [ratio]);
  return ratio;
}
