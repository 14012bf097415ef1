import { afterEach, describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../shared/http/api-error';
import { stubXhr } from './fake-xhr.test-helpers';
import { importFixture } from './fixtures.test-helpers';
import { uploadPaperlessExport } from './upload-export';

const zip = () => new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'export.zip', { type: 'application/zip' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploading a Paperless-ngx export', () => {
  test('posts the zip in the field "file" with the session cookie, reports the bytes sent and returns the import', async () => {
    const { uploads } = stubXhr();
    const progress: { loaded: number; total: number }[] = [];
    const file = zip();
    const done = uploadPaperlessExport({
      organizationId: 'org_1',
      file,
      baseUrl: 'http://sheaf.test',
      onProgress: (value) => progress.push(value),
    });

    const [upload] = uploads;
    if (!upload) throw new Error('Nothing was sent');
    expect(upload.method).toBe('POST');
    expect(upload.url).toBe('http://sheaf.test/api/organizations/org_1/paperless-imports');
    expect(upload.withCredentials).toBe(true);
    const sent = upload.body?.get('file');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('export.zip');

    upload.progress(2, 4);
    upload.progress(4, 4);
    const created = importFixture({ status: 'queued' });
    upload.respond(201, { import: created });

    await expect(done).resolves.toEqual(created);
    expect(progress).toEqual([
      { loaded: 2, total: 4 },
      { loaded: 4, total: 4 },
    ]);
  });

  test("an error answer rejects with the API error and the server's code", async () => {
    const { uploads } = stubXhr();
    const done = uploadPaperlessExport({
      organizationId: 'org_1',
      file: zip(),
      baseUrl: 'http://sheaf.test',
    });
    uploads[0]?.respond(400, {
      error: { code: 'paperless_imports.not_a_zip', message: 'This file is not a zip archive.' },
    });

    const error = await done.catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).code).toBe('paperless_imports.not_a_zip');
  });

  test('an abort stops the request and rejects with an AbortError', async () => {
    const { uploads } = stubXhr();
    const controller = new AbortController();
    const done = uploadPaperlessExport({
      organizationId: 'org_1',
      file: zip(),
      baseUrl: 'http://sheaf.test',
      signal: controller.signal,
    });
    controller.abort();

    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(uploads[0]?.isAborted()).toBe(true);
  });

  test('a dropped connection rejects as a network error', async () => {
    const { uploads } = stubXhr();
    const done = uploadPaperlessExport({
      organizationId: 'org_1',
      file: zip(),
      baseUrl: 'http://sheaf.test',
    });
    uploads[0]?.fail();

    await expect(done).rejects.toBeInstanceOf(TypeError);
  });
});
