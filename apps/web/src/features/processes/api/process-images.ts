import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/http';
import { IMAGES_KEY } from './keys';

/** The resources allocated to a released version (resmgr process image); null when none is recorded. */
export function useProcessImage(processIdentifier: string, processVersion: string) {
  return useQuery({
    queryKey: [...IMAGES_KEY, processIdentifier, processVersion],
    queryFn: async ({ signal }) => {
      const document = await api('GET /resmgr/v1/process-images', {
        query: { 'filter[processIdentifier]': processIdentifier, 'filter[processVersion]': processVersion },
        signal,
        jsonApi: true,
      });
      return document.data[0]?.attributes ?? null;
    },
  });
}
