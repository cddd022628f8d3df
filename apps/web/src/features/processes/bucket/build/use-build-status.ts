import { NOTIFY_MS, type ImportStatusMessage, type ProcessBucketAttributes, type ResourceObject } from '@asb/contracts';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { handleError } from '../../../../app/api/error-handler';
import { useRetryingStream, type StreamTarget } from '../../../../app/live/useRetryingStream';
import { startBuild, type BuildKind } from '../../api/bucket-content';
import { BUCKETS_KEY, IMAGES_KEY, VERSIONS_KEY, bucketContentKey } from '../../api/keys';
import { isFinalMessage, LOST_NOTICE, lostView, outcomeOf, viewOfMessage, viewOfStatus, type BuildOutcome, type BuildView } from './build-state';

/** The status stream of a bucket: server-sent events on the process page, a WebSocket on the bucket page (spec 2 §7). */
function statusStreamTarget(bucketId: string, transport: StreamTarget['transport']): StreamTarget {
  const id = encodeURIComponent(bucketId);
  return transport === 'sse'
    ? { transport, path: `/procimp/events/process-buckets/status?stream=${id}` }
    : { transport, path: `/procimp/ws/process-buckets/${id}/status` };
}

interface BuildRun {
  view: BuildView;
  kind: BuildKind | null;
  /** the run ended: the stream is closed until the next one starts */
  isDone: boolean;
  /** a new run reconnects the stream */
  runKey: number;
}

/**
 * The build of one bucket. The status stream sends the stored state on
 * connect, then every change (the whole log each time), so it stays open until
 * a run ends and opens again when the user starts one. Mount it per bucket.
 */
export function useBuildStatus(bucket: ResourceObject<ProcessBucketAttributes>, transport: StreamTarget['transport']) {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<BuildRun>(() => ({
    view: viewOfStatus(bucket.attributes.buildStatus),
    kind: bucket.attributes.buildKind,
    isDone: false,
    runKey: 0,
  }));
  const [isStarting, setIsStarting] = useState(false);

  /**
   * After a release the versions are fetched before the buckets: the process
   * page then finds the released version of this bucket the moment the bucket
   * leaves the unreleased list (and this panel with it).
   */
  const refresh = async (outcome: BuildOutcome) => {
    if (outcome === 'release-passed') {
      await Promise.all([queryClient.invalidateQueries({ queryKey: VERSIONS_KEY }), queryClient.invalidateQueries({ queryKey: IMAGES_KEY })]);
    }
    await Promise.all([queryClient.invalidateQueries({ queryKey: BUCKETS_KEY }), queryClient.invalidateQueries({ queryKey: bucketContentKey(bucket.id) })]);
  };

  useRetryingStream<ImportStatusMessage>(run.isDone ? null : statusStreamTarget(bucket.id, transport), String(run.runKey), {
    onMessage: (message) => {
      const isDone = isFinalMessage(message, run.kind);
      setRun((current) => ({ ...current, view: viewOfMessage(message), isDone }));
      // outcomes count when the run was seen in progress, not for the stored state sent on connect
      const outcome = run.view.isRunning ? outcomeOf(message, run.kind) : null;
      if (outcome === 'release-passed') {
        notifications.show({ message: `${bucket.attributes.processLabel} released`, color: 'green', autoClose: NOTIFY_MS.short });
      }
      if (outcome) void refresh(outcome);
    },
    isFinal: (message) => isFinalMessage(message, run.kind),
    onGiveUp: () => {
      setRun((current) => ({ ...current, view: lostView(current.view), isDone: true }));
      notifications.show({ title: 'Error', message: LOST_NOTICE, color: 'red', autoClose: NOTIFY_MS.error });
    },
  });

  const start = async (kind: BuildKind) => {
    setIsStarting(true);
    try {
      // 202 with the first status message of the run
      const first = await startBuild(bucket.id, kind);
      // the bucket lists are refreshed when the run ends, not now: a fast release
      // could otherwise take this bucket off the page before its outcome arrives
      setRun((current) => ({ view: viewOfMessage(first), kind, isDone: false, runKey: current.runKey + 1 }));
    } catch (error) {
      handleError(error);
    } finally {
      setIsStarting(false);
    }
  };

  return { view: run.view, kind: run.kind, isStarting, start };
}
