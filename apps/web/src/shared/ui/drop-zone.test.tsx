import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { DropZone, isFileAccepted } from './drop-zone';

const pdf = new File(['%PDF'], 'invoice.pdf', { type: 'application/pdf' });
const png = new File(['png'], 'scan.PNG', { type: 'image/png' });
const exe = new File(['MZ'], 'tool.exe', { type: 'application/x-msdownload' });

describe('drop zone', () => {
  test('accept rules match extensions, exact MIME types and wildcards', () => {
    expect(isFileAccepted(pdf, '.pdf')).toBe(true);
    expect(isFileAccepted(png, '.png')).toBe(true);
    expect(isFileAccepted(png, 'image/*')).toBe(true);
    expect(isFileAccepted(pdf, 'application/pdf, image/*')).toBe(true);
    expect(isFileAccepted(exe, 'application/pdf,image/*')).toBe(false);
    expect(isFileAccepted(exe, undefined)).toBe(true);
  });

  test('dropped files are filtered by accept and passed to onFiles', () => {
    const onFiles = vi.fn();
    renderWithProviders(<DropZone onFiles={onFiles} accept="application/pdf,image/*" />);
    const zone = screen.getByText('Drop files here').closest('[class*="border-dashed"]');
    if (!zone) throw new Error('zone not found');

    fireEvent.dragEnter(zone, { dataTransfer: { types: ['Files'], files: [] } });
    expect(zone).toHaveAttribute('data-drag-over', 'true');

    fireEvent.drop(zone, { dataTransfer: { types: ['Files'], files: [pdf, exe, png] } });
    expect(zone).not.toHaveAttribute('data-drag-over');
    expect(onFiles).toHaveBeenCalledWith([pdf, png]);
  });

  test('the file picker opens from the keyboard and picked files reach onFiles', async () => {
    const user = userEvent.setup();
    const onFiles = vi.fn();
    const { container } = renderWithProviders(<DropZone onFiles={onFiles} accept=".pdf" />);
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    const click = vi.spyOn(input, 'click');

    await user.tab();
    expect(screen.getByRole('button', { name: 'Choose files' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(click).toHaveBeenCalled();

    await user.upload(input, pdf);
    expect(onFiles).toHaveBeenCalledWith([pdf]);
  });
});
