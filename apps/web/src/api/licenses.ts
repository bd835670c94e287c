import { type CommunityLicenseRequest, License, PRODUCT } from '@corridor/contract';
import { api } from './client.ts';

function fileForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file);
  return form;
}

/** Licence calls (spec 1 §7.2). Plain functions: the setup wizard sequences them itself. */
export const licensesApi = {
  checkKey: (key: string) => api.post(`/${PRODUCT}/licenses/check/key`, License, { text: key }),
  checkFile: (file: File) => api.post(`/${PRODUCT}/licenses/check`, License, { form: fileForm(file) }),
  addKey: (key: string) => api.post(`/${PRODUCT}/licenses/key`, License, { text: key }),
  addFile: (file: File) => api.post(`/${PRODUCT}/licenses`, License, { form: fileForm(file) }),
  addCommunity: (request: CommunityLicenseRequest) =>
    api.post(`/${PRODUCT}/licenses/community`, License, { json: request }),
};
