import type { UploadUpdate } from '@asb/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useReducer, useRef } from 'react';
import { useLiveEvent } from '../../../../app/live/useLiveEvent';
import { COLLECTIONS_KEY } from '../../api/collections';
import { uploadCwl } from './upload-cwl';
import { IDLE, refusalText, uploadReducer } from './upload-progress';

/**
 * One CWL upload into `collection` and its progress (spec 3 §4): the HTTP progress of the
 * file, then the steps of the `uploadUpdate` live messages carrying this upload's id only.
 */
export function useCwlUpload(collection: string) {
  const queryClient = useQueryClient();
  const [progress, dispatch] = useReducer(uploadReducer, IDLE);
  const uploadId = useRef<string | undefined>(undefined);

  useLiveEvent('uploadUpdate', (message) => {
    const update = message as unknown as UploadUpdate;
    if (uploadId.current && update.upload_id === uploadId.current) dispatch({ type: 'update', update });
  });

  const start = async (file: File) => {
    const id = crypto.randomUUID();
    uploadId.current = id;
    dispatch({ type: 'start' });
    try {
      const summary = await uploadCwl(collection, file, { uploadId: id, onSent: (fraction) => dispatch({ type: 'sent', fraction }) });
      dispatch({ type: 'registered' });
      await queryClient.invalidateQueries({ queryKey: COLLECTIONS_KEY });
      return summary;
    } catch (error) {
      dispatch({ type: 'failed', message: refusalText(error) });
      return undefined;
    }
  };

  return { progress, start };
}
