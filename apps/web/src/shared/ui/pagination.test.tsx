import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { getPageCount, Pagination } from './pagination';

function renderPagination(pageIndex: number, totalCount: number, pageSize = 15) {
  const onPageIndexChange = vi.fn();
  renderWithProviders(
    <Pagination
      pageIndex={pageIndex}
      pageSize={pageSize}
      totalCount={totalCount}
      onPageIndexChange={onPageIndexChange}
      onPageSizeChange={() => {}}
    />,
  );
  const buttons = {
    first: screen.getByRole('button', { name: 'Go to first page' }),
    previous: screen.getByRole('button', { name: 'Go to previous page' }),
    next: screen.getByRole('button', { name: 'Go to next page' }),
    last: screen.getByRole('button', { name: 'Go to last page' }),
  };
  return { onPageIndexChange, buttons };
}

describe('pagination', () => {
  test('the page count is at least one and rounds up', () => {
    expect(getPageCount(0, 15)).toBe(1);
    expect(getPageCount(15, 15)).toBe(1);
    expect(getPageCount(16, 15)).toBe(2);
  });

  test('on the first page, first and previous are disabled', () => {
    const { buttons } = renderPagination(0, 40);

    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(buttons.first).toBeDisabled();
    expect(buttons.previous).toBeDisabled();
    expect(buttons.next).toBeEnabled();
    expect(buttons.last).toBeEnabled();
  });

  test('on the last page, next and last are disabled', () => {
    const { buttons } = renderPagination(2, 40);

    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(buttons.next).toBeDisabled();
    expect(buttons.last).toBeDisabled();
    expect(buttons.first).toBeEnabled();
  });

  test('with a single page every button is disabled', () => {
    const { buttons } = renderPagination(0, 0);

    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    for (const button of Object.values(buttons)) {
      expect(button).toBeDisabled();
    }
  });

  test('the buttons move to the first, previous, next and last pages', async () => {
    const user = userEvent.setup();
    const { buttons, onPageIndexChange } = renderPagination(1, 100, 15);

    await user.click(buttons.first);
    await user.click(buttons.previous);
    await user.click(buttons.next);
    await user.click(buttons.last);

    expect(onPageIndexChange.mock.calls.map(([index]) => index)).toEqual([0, 0, 2, 6]);
  });

  test('the rows-per-page selector shows the current size with its label', () => {
    renderPagination(0, 100, 50);

    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveTextContent('50');
  });
});
