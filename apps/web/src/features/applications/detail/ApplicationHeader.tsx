import { Anchor, Badge, Group, Image, Stack, Text, Title } from '@mantine/core';
import { isHttpUrl, type Application, pictureUrl } from '@asb/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { routePath } from '../../../app/routes';
import { ShortText } from '../../../ui/ShortText';
import { PublicationBadge } from '../PublicationBadge';

/** Title, version, abstract, author and logo (only an http(s) one) of an application. */
export function ApplicationHeader({ application }: { application: Application }) {
  const [isLogoBroken, setIsLogoBroken] = useState(false);
  const logo = isHttpUrl(application.logo) && !isLogoBroken ? application.logo : undefined;
  const authors = application.author.map((author) => [author['s:name'], author['s:affiliation'] && `(${author['s:affiliation']})`].filter(Boolean).join(' '));
  return (
    <Group align="flex-start" wrap="nowrap" gap="lg">
      {logo && <Image src={pictureUrl(logo)} alt="Logo" w={96} h={96} fit="contain" radius="md" onError={() => setIsLogoBroken(true)} />}
      <Stack gap={6}>
        <Group gap="sm">
          <Title order={1} size="h2">
            {application.title || application.identifier}
          </Title>
          <Badge variant="light" size="lg" tt="none" aria-label="Version">
            {application.softwareVersion || 'not specified'}
          </Badge>
          <PublicationBadge application={application} />
        </Group>
        <Text c="dimmed" ff="monospace" size="sm">
          <Anchor component={Link} to={routePath('catalogueCollection', { id: application.collection })} c="dimmed" inherit>
            {application.collection}
          </Anchor>{' '}
          / {application.identifier}
        </Text>
        {authors.length > 0 && <Text size="sm">By {authors.join(', ')}</Text>}
        {(application.abstract || application.doc) && <ShortText text={application.abstract || application.doc} />}
      </Stack>
    </Group>
  );
}
