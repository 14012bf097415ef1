import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { Button } from './button';
import { ConfirmProvider, useConfirm } from './confirm-dialog';
import { Dialog, DialogContent, DialogTitle } from './dialog';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from './dropdown-menu';
import { Sheet, SheetContent, SheetTitle } from './sheet';

/** Rows with a delete button each; a confirmed deletion removes the row. */
function DeletableRows() {
  const confirm = useConfirm();
  const [rows, setRows] = useState(['alpha', 'beta', 'gamma']);
  return (
    <main>
      <h1>Rows</h1>
      <ul>
        {rows.map((row) => (
          <li key={row}>
            <Button
              onClick={async () => {
                if (await confirm({ title: `Delete ${row}?`, confirmLabel: 'Delete' })) {
                  setRows((current) => current.filter((name) => name !== row));
                }
              }}
            >
              Delete {row}
            </Button>
          </li>
        ))}
      </ul>
    </main>
  );
}

/** A dialog opened from a menu item, as the documents' row menu opens Rename. */
function MenuOpenedDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button>Actions</Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={() => setOpen(true)}>Rename</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent aria-describedby={undefined}>
          <DialogTitle>Rename</DialogTitle>
          <input aria-label="Name" />
        </DialogContent>
      </Dialog>
    </>
  );
}

function Drawer() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open menu</Button>
      <Sheet open={open} onOpenChange={setOpen}>
        <SheetContent aria-describedby={undefined}>
          <SheetTitle>Navigation</SheetTitle>
        </SheetContent>
      </Sheet>
    </>
  );
}

describe('focus after a dialog closes', () => {
  test('a cancelled confirmation gives focus back to the button that asked', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <ConfirmProvider>
        <DeletableRows />
      </ConfirmProvider>,
    );
    const deleteBeta = screen.getByRole('button', { name: 'Delete beta' });
    deleteBeta.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alertdialog', { name: 'Delete beta?' })).toBeInTheDocument();

    await user.keyboard('{Escape}');

    await waitFor(() => expect(deleteBeta).toHaveFocus());
  });

  test('when the confirmed action removes the button, focus goes to the next control, not to the page', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <ConfirmProvider>
        <DeletableRows />
      </ConfirmProvider>,
    );
    screen.getByRole('button', { name: 'Delete beta' }).focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Delete beta' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete gamma' })).toHaveFocus());
  });

  test('a dialog opened from a menu item gives focus back to the menu button', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MenuOpenedDialog />);
    const trigger = screen.getByRole('button', { name: 'Actions' });
    trigger.focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    expect(await screen.findByRole('dialog', { name: 'Rename' })).toBeInTheDocument();

    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  test('the drawer gives focus back to its button when it closes', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Drawer />);
    const open = screen.getByRole('button', { name: 'Open menu' });
    open.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Navigation' })).toBeInTheDocument();

    await user.keyboard('{Escape}');

    await waitFor(() => expect(open).toHaveFocus());
  });
});
