import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../http/get-error-message';
import { Button } from './button';
import { FormError } from './form-error';
import { Spinner } from './spinner';

/** What QueryStates reads of a query (a TanStack Query result fits). */
export type StatesQuery<TData> = {
  data: TData | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
};

type QueryStatesProps<TData> = {
  query: StatesQuery<TData>;
  /** Whether the loaded data has nothing to show: `empty` shows instead of the content. */
  isEmpty?: (data: TData) => boolean;
  empty?: ReactNode;
  /** The content, once the data is there. */
  children: (data: TData) => ReactNode;
};

/**
 * The states of a page's data (DESIGN §4: every list has loading, empty and error states): a spinner
 * while it loads, the error with a Try again button when it fails, `empty` when there is nothing, else
 * the content.
 */
export function QueryStates<TData>({ query, isEmpty, empty, children }: QueryStatesProps<TData>) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div className="flex justify-center py-10 text-primary">
        <Spinner size="lg" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="grid justify-items-start gap-3">
        <FormError>{getErrorMessage(query.error, t)}</FormError>
        <Button variant="outline" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  const data = query.data as TData;
  return isEmpty?.(data) ? empty : children(data);
}
