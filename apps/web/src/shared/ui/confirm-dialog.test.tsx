import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { Button } from './button';
import { ConfirmDialog, matchesRequiredText, useConfirm } from './confirm-dialog';

describe('type-to-confirm rule', () => {
  test('ignores case and surrounding spaces', () => {
    expect(matchesRequiredText('  acme corp ', 'Acme Corp')).toBe(true);
    expect(matchesRequiredText('ACME CORP', '  acme corp')).toBe(true);
  });

  test('still requires the same inner text', () => {
    expect(matchesRequiredText('acmecorp', 'Acme Corp')).toBe(false);
    expect(matchesRequiredText('Acme', 'Acme Corp')).toBe(false);
  });
});

function AskButton({ onAnswer }: { onAnswer: (answer: boolean) => void }) {
  const confirm = useConfirm();
  return (
    <Button onClick={async () => onAnswer(await confirm({ title: 'Really?', confirmLabel: 'Yes' }))}>
      Ask
    </Button>
  );
}

describe('confirm dialog', () => {
  test('the confirm button stays disabled until the required text is typed, case and spaces ignored', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderWithProviders(
      <ConfirmDialog
        open
        onOpenChange={() => {}}
        onConfirm={onConfirm}
        title="Delete organization?"
        description="This cannot be undone."
        confirmLabel="Delete"
        requiredText="Acme Corp"
      />,
    );

    const confirm = screen.getByRole('button', { name: 'Delete' });
    expect(confirm).toBeDisabled();

    const input = screen.getByRole('textbox', { name: 'Confirmation text' });
    await user.type(input, '  acme');
    expect(confirm).toBeDisabled();

    await user.type(input, ' CORP  ');
    expect(confirm).toBeEnabled();

    await user.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  test('without required text the confirm button is enabled at once', () => {
    renderWithProviders(
      <ConfirmDialog
        open
        onOpenChange={() => {}}
        onConfirm={() => {}}
        title="Delete tag?"
        confirmLabel="Delete"
      />,
    );

    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  test('useConfirm resolves true on confirm and false on cancel', async () => {
    const user = userEvent.setup();
    const results: boolean[] = [];

    renderWithProviders(<AskButton onAnswer={(answer) => results.push(answer)} />);

    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(screen.getByRole('alertdialog', { name: 'Really?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes' }));

    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await act(async () => {});

    expect(results).toEqual([true, false]);
  });
});
