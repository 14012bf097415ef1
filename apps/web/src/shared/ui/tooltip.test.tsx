import { TOOLTIP_CLOSE_DELAY_MS, TOOLTIP_OPEN_DELAY_MS } from '@sheaf/contracts/limits';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { Button } from './button';
import { Tooltip } from './tooltip';

function renderTooltip() {
  renderWithProviders(
    <>
      <Tooltip content="Edit tag">
        <Button aria-label="Edit">✎</Button>
      </Tooltip>
      <Button>Elsewhere</Button>
    </>,
  );
  const trigger = screen.getByRole('button', { name: 'Edit' });
  act(() => trigger.focus());
  expect(screen.getByRole('tooltip')).toHaveTextContent('Edit tag');
  return trigger;
}

describe('tooltip', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  test('closes at once when its control loses focus', () => {
    renderTooltip();
    act(() => screen.getByRole('button', { name: 'Elsewhere' }).focus());
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  test('closes at once when its control is pressed, so it does not stay under the dialog the control opens', () => {
    const trigger = renderTooltip();
    fireEvent.click(trigger);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  test('opens after the open delay on hover, and stays for the close delay once the pointer has left', () => {
    vi.useFakeTimers();
    renderWithProviders(
      <Tooltip content="Edit tag">
        <Button aria-label="Edit">✎</Button>
      </Tooltip>,
    );
    const trigger = screen.getByRole('button', { name: 'Edit' });
    fireEvent.pointerMove(trigger, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(TOOLTIP_OPEN_DELAY_MS));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Edit tag');
    fireEvent.pointerLeave(trigger, { pointerType: 'mouse', clientX: 0, clientY: 0 });
    fireEvent.pointerMove(document, { pointerType: 'mouse', clientX: 500, clientY: 500 });
    act(() => vi.advanceTimersByTime(TOOLTIP_CLOSE_DELAY_MS - 50));
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(50));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
