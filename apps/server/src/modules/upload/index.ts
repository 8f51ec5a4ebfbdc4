import { defineModule } from '../module.ts';
import { LocalFileStore, type FileStore } from './file-store.ts';
import { uploadRoutes } from './upload.routes.ts';

export type { FileStore };

/** Uploaded pictures: stored re-encoded per tenant, served with immutable caching. */
export const uploadModule = defineModule({
  key: 'files',
  services: ({ uploadsDir }): FileStore => new LocalFileStore(uploadsDir),
  routes: (app, guard, files) => uploadRoutes(app, guard, files),
});
