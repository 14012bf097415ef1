/**
 * A file name split into base name and extension (spec §3): a name with no dot, or whose only dot
 * leads it (".env"), has no extension.
 */
export function splitFileName(name: string): { baseName: string; extension: string | undefined } {
  const dotIndex = name.lastIndexOf('.');
  if (dotIndex <= 0 || dotIndex === name.length - 1) {
    return { baseName: name, extension: undefined };
  }
  return { baseName: name.slice(0, dotIndex), extension: name.slice(dotIndex + 1) };
}

/** The rename rule: the new base name, trimmed, with the original extension appended again. */
export function withOriginalExtension(newBaseName: string, originalName: string): string {
  const { extension } = splitFileName(originalName);
  const trimmed = newBaseName.trim();
  return extension === undefined ? trimmed : `${trimmed}.${extension}`;
}
