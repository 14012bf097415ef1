import { useMemo } from 'react';
import { encode } from 'uqr';
import { cn } from '../../../shared/ui/cn';

/**
 * A QR code drawn as inline SVG (no image request, no innerHTML): one path of dark modules on a
 * white square, white in dark mode too, since scanners expect dark on light. `label` names it for
 * screen readers.
 */
export function QrCode({ value, label, className }: { value: string; label: string; className?: string }) {
  const { size, path } = useMemo(() => {
    const { size, data } = encode(value, { ecc: 'M', border: 2 });
    const modules: string[] = [];
    data.forEach((row, y) => {
      row.forEach((isDark, x) => {
        if (isDark) modules.push(`M${x},${y}h1v1h-1z`);
      });
    });
    return { size, path: modules.join('') };
  }, [value]);

  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className={cn('size-44 rounded-md border bg-white', className)}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
