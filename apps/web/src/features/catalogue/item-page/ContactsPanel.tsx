import type { StacItem } from '@asb/contracts';
import { Anchor, Badge, Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Empty } from './Empty';
import { contactsOf } from './item-rules';

/** The item's contacts as cards: who, their roles, and how to reach them. */
export function ContactsPanel({ item }: { item: StacItem }) {
  const contacts = contactsOf(item.properties);
  if (contacts.length === 0) return <Empty>No contacts</Empty>;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      {contacts.map((contact, index) => (
        <Card key={index} withBorder padding="sm" component="section" aria-label={`Contact ${contact.name ?? contact.organization ?? index + 1}`}>
          <Group align="flex-start" wrap="nowrap" gap="sm">
            {contact.logo && /^https?:\/\//.test(contact.logo) && <Image src={contact.logo} alt="" w={40} h={40} fit="contain" />}
            <Stack gap={4}>
              <Title order={4} size="h6">
                {contact.name ?? contact.organization ?? 'Contact'}
              </Title>
              {contact.name && contact.organization && <Text size="sm">{contact.organization}</Text>}
              {contact.position && (
                <Text size="sm" c="dimmed">
                  {contact.position}
                </Text>
              )}
              {contact.roles.length > 0 && (
                <Group gap={4}>
                  {contact.roles.map((role) => (
                    <Badge key={role} size="xs" variant="default" tt="none">
                      {role}
                    </Badge>
                  ))}
                </Group>
              )}
              {contact.emails.map((email) => (
                <Text key={email.value} size="sm">
                  <Anchor href={`mailto:${email.value}`}>{email.value}</Anchor>
                  {email.roles.length > 0 && ` (${email.roles.join(', ')})`}
                </Text>
              ))}
              {contact.phones.map((phone) => (
                <Text key={phone.value} size="sm">
                  {phone.value}
                  {phone.roles.length > 0 && ` (${phone.roles.join(', ')})`}
                </Text>
              ))}
              {contact.addresses.map((address) => (
                <Text key={address} size="sm">
                  {address}
                </Text>
              ))}
              {contact.links.map((link) => (
                <Anchor key={link.href} href={link.href} target="_blank" rel="noopener noreferrer" size="sm">
                  {link.title ?? link.href}
                </Anchor>
              ))}
              {contact.contactInstructions && (
                <Text size="sm" c="dimmed">
                  {contact.contactInstructions}
                </Text>
              )}
            </Stack>
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
