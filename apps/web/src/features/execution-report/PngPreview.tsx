import { Image, Loader, Text } from '@mantine/core';
import { isExecutionFileUrl, pictureUrl } from '@asb/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { fetchOutputFile } from '../executions/api/execution';

/**
 * Spec 3 §2: a .png output previewed. A file of the portal's datastore is read with the
 * caller's token (the file route authenticates by header, never by cookie) and shown from
 * a blob; another link (an ADES's result) is shown as it is.
 */
export function PngPreview({ href, alt }: { href: string; alt: string }) {
  const isOwnFile = isExecutionFileUrl(href);
  const file = useQuery({ queryKey: ['output-file', href], queryFn: () => fetchOutputFile(href), enabled: isOwnFile, staleTime: Infinity });
  const source = useMemo(() => (file.data ? URL.createObjectURL(file.data) : undefined), [file.data]);
  useEffect(() => () => (source ? URL.revokeObjectURL(source) : undefined), [source]);
  if (!isOwnFile) return <Image src={pictureUrl(href)} alt={alt} maw={360} radius="sm" />;
  if (file.isPending) return <Loader size="xs" aria-label={`Loading ${alt}`} />;
  if (!source)
    return (
      <Text size="xs" c="red">
        The preview could not be loaded
      </Text>
    );
  return <Image src={source} alt={alt} maw={360} radius="sm" />;
}
