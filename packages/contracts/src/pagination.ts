import { z } from 'zod';
import { MAX_PAGE_SIZE } from './limits';

/**
 * A query parameter given empty (`?pageSize=`) counts as not given: it takes its default, as every
 * pagination parameter does (coercing '' would make it 0).
 */
const emptyAsAbsent = (value: unknown) => (value === '' ? undefined : value);

/** `pageIndex`, from 0 (default 0); an empty value is the default. */
export const pageIndexSchema = z.preprocess(emptyAsAbsent, z.coerce.number().int().min(0).default(0));

/** `pageSize`, 1 to MAX_PAGE_SIZE (default `defaultSize`); an empty value is the default. */
export const pageSizeSchema = (defaultSize: number) =>
  z.preprocess(emptyAsAbsent, z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(defaultSize));
